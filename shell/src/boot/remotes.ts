/**
 * remotes.json, asked for before any bundle (the shell's runtime config, shared-api/src/runtime-config.ts, reuses the
 * answer), and the signed-in role's remote prepared from it: its entry and its App's chunks, listed in the manifest
 * Module Federation's build writes beside each remote's entry (mf-manifest.json), preloaded while the shell downloads.
 */
import type { RemoteName, Role, RuntimeConfig } from 'shared-api';
import { AREAS } from '../areas';

/** remotes.json's answer; a failure rejects (the shell asks again and shows the error). */
export function fetchRemotesJson(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  return fetchFn('/remotes.json', { cache: 'no-cache' }).then((r) => {
    if (!r.ok) throw new Error(`remotes.json: HTTP ${r.status}`);
    return r.json() as Promise<RuntimeConfig>;
  });
}

/** Where a remote's entry lives, absolute (remotes.json may name it relative to the page), or null. */
export function remoteEntryUrl(config: Partial<RuntimeConfig> | null | undefined, remote: RemoteName, pageUrl: string): string | null {
  const entry = config?.remotes?.[remote];
  return entry ? new URL(entry, pageUrl).href : null;
}

/** The parts of Module Federation's mf-manifest.json read here (its build writes them: @module-federation/enhanced). */
export interface FederationManifest {
  metaData?: { publicPath?: string };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

/**
 * The scripts an exposed module needs at once (`App` by default), absolute: its manifest's sync JS assets, relative to
 * the manifest's public path, or to the entry when that is 'auto' (the remote's chunks sit beside its entry).
 */
export function exposedChunks(manifest: FederationManifest | null | undefined, entryUrl: string, pageUrl: string, exposed = 'App'): string[] {
  const publicPath = manifest?.metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : entryUrl, pageUrl);
  const sync = manifest?.exposes?.find((e) => e.name === exposed)?.assets?.js?.sync ?? [];
  return sync.map((file) => new URL(file, base).href);
}

/**
 * The role's remote entry and its App's chunks, handed to `preload` as soon as remotes.json and the manifest have
 * answered. Hints only: any failure is ignored (the shell loads the remote itself).
 */
export function preloadRoleRemote(config: Promise<RuntimeConfig>, role: Role, pageUrl: string, preload: (href: string) => void,
  fetchFn: typeof fetch = fetch): Promise<void> {
  return config.then((c) => {
    const entry = remoteEntryUrl(c, AREAS[role].remote, pageUrl);
    if (!entry) return undefined;
    preload(entry);
    return fetchFn(new URL('mf-manifest.json', entry).href, { cache: 'no-cache' })
      .then((r) => (r.ok ? r.json() as Promise<FederationManifest> : null))
      .then((m) => { for (const href of exposedChunks(m, entry, pageUrl)) preload(href); });
  }).catch(() => undefined);
}
