/**
 * index.html's prerendered login page, rendered at build time (webpack.prerender.ts runs this in Node and writes the
 * result into the page): the login page's own LoginCard, with no values, and the CSS it needs. It paints before any
 * JavaScript; React's first render replaces it with the same component (shell/src/prerendered-login.ts hands over
 * what was typed meanwhile).
 */
import { renderStatic } from 'shared-ui/static-render';
import { LoginCard } from './login-card';

/**
 * Stands for the phone number until index.html's script has it (remotes.json): figure spaces are as wide as digits,
 * so the Nepali line wraps as it will with the number, and the real page's line (with "…" until the app has the
 * number) is never larger than this one: the browser keeps this paint as the LCP.
 */
export const PHONE_PLACEHOLDER = '\u2007'.repeat(10);

/** The prerendered login page's markup and CSS; `globalCss` is the text of shared-ui's chakra-global.css. */
export function prerenderLogin(globalCss: string): { html: string; css: string } {
  return renderStatic(<LoginCard contact={null} phonePlaceholder={PHONE_PLACEHOLDER} />, globalCss);
}
