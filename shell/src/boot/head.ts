/**
 * index.html's first script (inlined into <head> by shell/webpack.boot.ts; the server allows it by its sha256,
 * server/src/web.ts): remotes.json at once, then hints, each in a task of its own after this one (the page goes on
 * parsing meanwhile, and no task grows long: the first storage read and each fetch() cost a few ms on a slow phone).
 */
import { startEarlyLists } from './early-lists';
import { preloadLink } from './first-render';
import { bootGlobals, later } from './globals';
import { preloadRoleRemote, fetchRemotesJson } from './remotes';
import { liveSession, pageStorage } from './session';

const g = bootGlobals();
const config = fetchRemotesJson();
g.__epsConfig = config;
config.catch(() => { /* the shell asks again and shows the error */ });

later(() => {
  // Signed in: the role's remote entry downloads alongside the shell instead of after it.
  const session = liveSession(pageStorage());
  if (!session) return;
  const early = startEarlyLists(session, location.pathname, later);
  if (early) g.__epsEarly = early;
  void preloadRoleRemote(config, session.role, location.href, (href) => preloadLink(document, href));
});
