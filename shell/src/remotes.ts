/** Loads the signed-in role's remote at run time from remotes.json, so a remote moves without rebuilding the shell. */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { getRuntimeConfig, type RemoteName } from 'shared-api';

const registered = new Set<RemoteName>();

/** Where the role's remote entry is (remotes.json, read once). */
export async function remoteEntryUrl(name: RemoteName): Promise<string> {
  const config = await getRuntimeConfig();
  return new URL(config.remotes[name], window.location.href).href;
}

export async function loadRemoteApp(name: RemoteName, retry = false): Promise<{ default: ComponentType }> {
  const entry = await remoteEntryUrl(name);
  if (!registered.has(name) || retry) {
    registerRemotes([{ name, entry }], { force: retry });
    registered.add(name);
  }
  const mod = await loadRemote<{ default: ComponentType }>(`${name}/App`);
  if (!mod?.default) throw new Error(`Remote ${name} could not be loaded`);
  return mod;
}

/** This page's shared packages older than the remote needs (shell/src/remote-compat.ts, fetched when asked). */
export const sharedTooOldFor = (name: RemoteName): Promise<string[]> =>
  Promise.all([remoteEntryUrl(name), import(/* webpackChunkName: "remote-compat" */ './remote-compat')])
    .then(([entry, compat]) => compat.sharedTooOld(entry), () => []);

/** Loads this page again from the server (pages are network-first in the service worker: the newest shell). */
export function reloadPage(): void {
  window.location.reload();
}
