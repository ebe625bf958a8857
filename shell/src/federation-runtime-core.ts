/**
 * Federation runtime plugin of the shell: hands the remotes the shell's own copy of the federation runtime core
 * (the remotes are built with `experiments.externalRuntime`, webpack.common.ts), so a student does not download
 * and run a second copy inside the remote's remoteEntry.js. Module Federation's own
 * `provideExternalRuntime` does the same through a CommonJS import, which bundled a second copy of the core into
 * main.js (+22 kB gz); this imports the ESM build the shell's runtime already uses, so nothing is duplicated.
 * The same for the bundler runtime's functions (every build of a remote uses them: webpack.common.ts).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime/core';
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';

export default function provideRuntimeCore(): ModuleFederationRuntimePlugin {
  return {
    name: 'eps-provide-runtime-core',
    beforeInit(args) {
      const global = runtimeCore.Global as unknown as Record<string, unknown>;
      global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      // And its bundler runtime's functions (stateless), which a remote's remoteEntry.js builds its container's
      // runtime from (scripts/federation-remote-runtime.mjs) instead of carrying a copy.
      global._EPS_FEDERATION_BUNDLER ??= { bundlerRuntime, attachShareScopeMap };
      return args;
    },
  };
}
