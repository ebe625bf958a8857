// The worker thread's task (piscina): one rendition (./encode.ts), off the event loop that serves exams.
// Plain ESM on purpose: piscina first tries require(), which would compile the TypeScript as CommonJS (and LAME's
// package has no CommonJS export); an .mjs file cannot be required, so piscina imports it, and the TypeScript below
// is loaded as ESM by the same tsx loader as the server's (worker threads inherit --import tsx).
export { makeRendition as default } from './encode.ts';
