/**
 * shared-ui/testing: what the apps' unit tests render screens in (jest only: it is no shared singleton, so a screen
 * of the product importing it would get a second router). MemoryRouter costs the first render 0.7 kB gz where
 * shared-ui (a shared singleton, not tree-shaken) exports it, and no screen of the product uses it.
 */
export { MemoryRouter } from 'react-router-dom';
