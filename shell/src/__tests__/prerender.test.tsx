/**
 * @jest-environment node
 *
 * The prerendered login page as the build writes it into index.html (shell/webpack.prerender.ts): rendered in Node
 * from the login page's own component, with the CSS Chakra makes for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PHONE_PLACEHOLDER, prerenderLogin } from '../prerender';

const globalCss = fs.readFileSync(path.join(__dirname, '../../../shared-ui/src/chakra-global.css'), 'utf8');
const { html, css } = prerenderLogin(globalCss);

it("has the login page's texts", () => {
  for (const text of ['EPS-TOPIK Mock Exam', 'Sign in to continue', '>Email</label>', '>Password</label>', '>Login</button>',
    'Contact: ', 'Follow us: ', '>Facebook</a>', 'पहिलो पटक प्रयोग गर्दै हुनुहुन्छ?', 'मा फोन गर्नुहोस्।']) {
    expect(html).toContain(text);
  }
  expect(html).toMatch(/<p lang="ne"[^>]*>/);
});

it('is a real form a password manager fills: method post, named inputs with their autocomplete, a submit button', () => {
  expect(html).toMatch(/<form[^>]* method="post"/);
  expect(html).toMatch(/<input[^>]* type="email"[^>]* autoComplete="username"[^>]* name="email"/i);
  expect(html).toMatch(/<input[^>]* type="password"[^>]* autoComplete="current-password"[^>]* name="password"/i);
  expect(html).toMatch(/<button type="submit"/);
  // each label names its input
  for (const name of ['email', 'password']) {
    const id = new RegExp(`<input id="([^"]+)"[^>]* name="${name}"`).exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`for="${id}"`);
  }
  expect(html).not.toMatch(/<input[^>]* value=/); // nothing typed: the visitor's or the password manager's values only
});

it("has the hooks of index.html's script and of prerendered-login.ts: the contact placeholders and the test id", () => {
  expect(html.match(/data-contact="phone"/g)).toHaveLength(2);
  expect(html).toContain(`<a href="tel:" data-contact="phone"`);
  expect(html).toContain(`>${PHONE_PLACEHOLDER}</a>`);
  expect(html).toContain(`<span data-contact="phone">${PHONE_PLACEHOLDER}</span> मा`);
  expect(html).toMatch(/<a href="#"[^>]* data-contact="social"/);
  expect(html).toContain('data-testid="contact-info"');
});

it('brings the CSS of each of its classes, and of the tokens those use, and no <style> of its own', () => {
  expect(html).not.toContain('<style');
  const classes = new Set([...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')).filter((c) => c.startsWith('css-')));
  expect(classes.size).toBeGreaterThan(8);
  for (const c of classes) expect(css).toContain(`.${c}{`);
  // every variable read is defined (the tokens come along), but not the whole token set
  const defined = new Set([...css.matchAll(/(--(?:\\.|[\w-])+):/g)].map((m) => m[1]));
  for (const [, name] of css.matchAll(/var\((--(?:\\.|[\w-])+)\)/g)) expect(defined).toContain(name);
  expect(css).toContain('--chakra-colors-blue-600:');
  expect(css).not.toContain('--chakra-colors-purple-500:');
  expect(css).not.toMatch(/@keyframes/);
  // the layer order and the preflight, as the global stylesheet has them
  expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
  expect(css).toMatch(/@layer reset\{html\{/);
  expect(css.length).toBeLessThan(globalCss.length);
});
