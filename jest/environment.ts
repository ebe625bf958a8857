/** jsdom lacks fetch, Request, Response, TextEncoder, streams and structuredClone: copy Node's own into it. */
import JsdomEnvironment from 'jest-environment-jsdom';

export default class Environment extends JsdomEnvironment {
  override async setup() {
    await super.setup();
    const g = this.global as unknown as Record<string, unknown>;
    // Not MessageChannel: React's scheduler would use Node's real one, which keeps jest from exiting.
    for (const k of ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'TextEncoder', 'TextDecoder',
      'ReadableStream', 'WritableStream', 'TransformStream', 'structuredClone', 'AbortController', 'AbortSignal',
      ]) {
      g[k] = (globalThis as Record<string, unknown>)[k];
    }
  }
}
