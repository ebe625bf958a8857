/**
 * The prerendered login page (shell/webpack.prerender.ts) before the app runs: shown once parsed whole, its contact
 * details filled from remotes.json, and what the visitor does on it handed to the app (shell/src/prerendered-login.ts):
 * another language chosen is kept on this device and starts the app in it; a Login click or Enter (fields filled by a
 * password manager move nothing else) is never sent by the browser itself (the app signs in through the API), it is
 * recorded (data-submitted) for the login page to submit when it mounts, and the app starts now.
 */
import type { RuntimeConfig } from 'shared-api';
import { LANGUAGE_KEY } from 'shared-api/device-language';

export const PRERENDERED = 'prerendered-login';

/** The prerendered page is what this visit shows: the login page (or "/" with no stored token), in English. */
export function showsPrerenderedLogin(pathname: string, storedToken: boolean, lang: string | null): boolean {
  return (pathname === '/login' || (pathname === '/' && !storedToken)) && lang !== 'ne';
}

/** The academy's contact details (set at deploy time) in the prerendered page's [data-contact] elements. */
export function fillContact(doc: Document, config: Partial<RuntimeConfig> | null | undefined) {
  const c = config?.contact;
  if (c?.phone) {
    for (const el of doc.querySelectorAll(`#${PRERENDERED} [data-contact="phone"]`)) {
      el.textContent = c.phone;
      if (el.tagName === 'A') el.setAttribute('href', `tel:${c.phone}`);
    }
  }
  const social = doc.querySelector(`#${PRERENDERED} [data-contact="social"]`);
  if (social && c?.social) social.setAttribute('href', c.social);
}

/**
 * Wires the prerendered form: `changedTo(lang)` after another language is chosen (kept in storage), `go()` after a
 * submit (the button busy and disabled, as the login page's is while it signs in).
 */
export function wireLoginForm(doc: Document, storage: Storage | null, changedTo: (lang: string) => void, go: () => void) {
  const select = doc.querySelector<HTMLSelectElement>(`#${PRERENDERED} select[name="language"]`);
  select?.addEventListener('change', () => {
    select.setAttribute('data-changed', '');
    try { storage?.setItem(LANGUAGE_KEY, select.value); } catch { /* for this page only */ }
    changedTo(select.value);
  });
  const form = doc.querySelector<HTMLFormElement>(`#${PRERENDERED} form`);
  form?.addEventListener('submit', (e) => {
    e.preventDefault();
    form.setAttribute('data-submitted', '');
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button) {
      button.setAttribute('aria-busy', 'true');
      button.disabled = true;
    }
    go();
  });
}
