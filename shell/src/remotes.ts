/** Loads the signed-in role's remote at run time from remotes.json, so a remote moves without rebuilding the shell. */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { getRuntimeConfig, type RemoteName } from 'shared-api';

const registered = new Set<RemoteName>();

export async function loadRemoteApp(name: RemoteName, retry = false): Promise<{ default: ComponentType }> {
  const config = await getRuntimeConfig();
  const entry = new URL(config.remotes[name], window.location.href).href;
  if (!registered.has(name) || retry) {
    registerRemotes([{ name, entry }], { force: retry });
    registered.add(name);
  }
  const mod = await loadRemote<{ default: ComponentType }>(`${name}/App`);
  if (!mod?.default) throw new Error(`Remote ${name} could not be loaded`);
  return mod;
}
