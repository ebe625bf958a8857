// Async boundary so shared singletons are negotiated before any of them is used. On the login page index.html's
// inline script holds the start until the visitor's first move (window.__epsStart); elsewhere it starts at once.
const held = (window as { __epsStart?: Promise<void> }).__epsStart;
(held ?? Promise.resolve()).then(() => import('./bootstrap'));
