// Async boundary so shared singletons are negotiated before any of them is used. On the login page, and on the exam
// list once the student area's first paint has drawn it, index.html's inline script holds the start until the page's
// next idle time or the visitor's first move, whichever comes first (window.__epsStart); elsewhere it starts at once.
//
// The first render's libraries are in main.js itself (eager: webpack.common.ts) but evaluated one per task (React,
// then the API package with RTK Query, then the UI kit's theme, its Chakra system, its components, then the app): in
// one go they made one long task of a few hundred ms on a phone, during which nothing could paint or respond.
const held = (window as { __epsStart?: Promise<void> }).__epsStart;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
(held ?? Promise.resolve())
  .then(nextTask) // main.js itself (compiling it) is a task: React starts in the next one
  .then(() => import(/* webpackMode: "eager" */ 'react-dom/client'))
  .then(nextTask)
  .then(() => import('shared-api'))
  .then(nextTask)
  // The UI kit's theme and Chakra's styling core first (its own task), then Chakra's system (its own task), then the
  // UI kit's components: the same modules the UI kit uses.
  .then(() => import(/* webpackMode: "eager" */ 'shared-ui/system'))
  .then(async (theme) => {
    await nextTask();
    theme.buildSystem();
    await nextTask();
  })
  .then(() => import('shared-ui'))
  .then(async (ui) => {
    ui.prepareUiSystem(); // the system is built above: at once
    await nextTask();
  })
  .then(() => import(/* webpackMode: "eager" */ './bootstrap'));
