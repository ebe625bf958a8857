/**
 * Why a remote failed, when the reason is this page: the remote needs a later UI kit or API package than this page's
 * (a remote deployed after the page was loaded, or before its shell). Module Federation then withholds the package
 * from the remote (webpack.common.ts shares them with `strictVersion`), and the remote fails as it starts. Loaded only
 * after a remote has failed (its own chunk: nothing of it is in the first render).
 */
import { getInstance, satisfy } from '@module-federation/enhanced/runtime';

interface Manifest { shared?: Array<{ name: string; requiredVersion?: string }> }

/**
 * This page's shared packages that are older than the remote at `entry` requires, as "name version (needs range)",
 * read from the manifest its build writes beside its entry (mf-manifest.json) and this page's own share
 * configuration. Only the strictly shared packages count (a newer React patch, say, is not refused). Empty when
 * nothing is too old, or when the manifest cannot be read in 5 s (offline: the failure is then the network's).
 */
export async function sharedTooOld(entry: string): Promise<string[]> {
  const shared = getInstance()?.options.shared ?? {};
  let manifest: Manifest;
  try {
    const res = await fetch(new URL('mf-manifest.json', entry), { cache: 'no-cache', signal: AbortSignal.timeout(5000) });
    if (!res.ok) return [];
    manifest = (await res.json()) as Manifest;
  } catch {
    return [];
  }
  const tooOld: string[] = [];
  for (const { name, requiredVersion } of Array.isArray(manifest.shared) ? manifest.shared : []) {
    const ours = shared[name]?.find((s) => s.shareConfig?.strictVersion);
    if (ours && requiredVersion && !satisfy(ours.version, requiredVersion)) tooOld.push(`${name} ${ours.version} (needs ${requiredVersion})`);
  }
  return tooOld;
}
