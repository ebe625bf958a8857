/**
 * A remote's federation bundler runtime, made of its host's (in every build of a remote, development too,
 * webpack.common.ts puts this module in place of `@module-federation/webpack-bundler-runtime/dist/index.js`).
 *
 * Module Federation bundles into every remoteEntry.js a copy of the bundler runtime (consumes, sharing, container
 * init), of the runtime wrapper and of the SDK (logger, error texts, manifest helpers): 8 kB gz a student downloads
 * on top of the same code in the shell's main.js. The shell hands its own functions to the remotes
 * (shell/src/federation-runtime-core.ts: `_EPS_FEDERATION_BUNDLER`, next to the runtime core that
 * `experiments.externalRuntime` already takes from it); this module builds the container's own `federation`
 * object from them, as @module-federation/webpack-bundler-runtime 2.9.2 does. Those functions keep no state of
 * their own: each works on the `webpackRequire.federation` of the container that calls it.
 *
 * What a container must not share is the runtime wrapper's current instance (`@module-federation/runtime`'s init),
 * so `runtime.init` here is that wrapper's own logic for this container (same lookup, same options).
 * The remote then needs a host that provides both globals (this shell, same @module-federation version: pinned
 * in package.json); loaded by anything else it fails with the message below instead of misbehaving.
 */
// A host exposes nothing, so its own build drops this one: the remote keeps it (0.6 kB gz).
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

const core = globalThis._FEDERATION_RUNTIME_CORE;
const host = globalThis._EPS_FEDERATION_BUNDLER;
const NEEDED = ['consumes', 'I', 'installInitialConsumes', 'init', 'getSharedFallbackGetter'];
if (!core || !host || NEEDED.some((name) => typeof host.bundlerRuntime?.[name] !== 'function')) {
  throw new Error('This remote needs the EPS shell: it uses the shell\'s federation runtime (_EPS_FEDERATION_BUNDLER).');
}

const buildId = typeof FEDERATION_BUILD_IDENTIFIER !== 'undefined' ? FEDERATION_BUILD_IDENTIFIER : '';

function findInstance(name, version) {
  return core.CurrentGlobal.__FEDERATION__.__INSTANCES__.find((instance) => {
    if (buildId && instance.options.id === buildId) return true;
    if (instance.options.name === name && !instance.options.version && !version) return true;
    return !!(instance.options.name === name && version && instance.options.version === version);
  });
}

let current = null;
function init(options) {
  const existing = findInstance(options.name, options.version);
  const normalized = { ...options, id: options.id || '' };
  if (existing) {
    existing.initOptions(normalized);
    current ??= existing;
    return existing;
  }
  const Federation = core.getGlobalFederationConstructor() || core.ModuleFederation;
  current = new Federation({ id: `${normalized.name}@${normalized.version || Date.now()}`, ...normalized });
  core.setGlobalFederationInstance(current);
  return current;
}

const runtime = { init, getRemoteEntry: core.getRemoteEntry };

export const bundlerRuntime = {
  ...host.bundlerRuntime,
  // A remote loads no remotes of its own (experiments.optimization.disableRemote).
  remotes: undefined,
  initContainerEntry,
  S: {},
};
export const { attachShareScopeMap } = host;
const federation = {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime,
  attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
export const { instance, initOptions, bundlerRuntimeOptions } = federation;
export { runtime };
export default federation;
