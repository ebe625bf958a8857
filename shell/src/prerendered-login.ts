/**
 * index.html paints a static copy of the login page before any JavaScript runs. React's first commit removes
 * it; whatever the visitor typed there meanwhile, and a Login click or Enter, is kept here and handed to the real
 * login page.
 */
export interface PrerenderedLogin {
  email: string;
  password: string;
  /** the field that had the focus, to give it back */
  focused: 'email' | 'password' | null;
  /** the static form was submitted (index.html's script marks it data-submitted): the login page submits it */
  submitted: boolean;
  /** the language chosen in the static page's select, if it was changed there */
  language: string | null;
}

let inputs: { form: HTMLFormElement; email: HTMLInputElement; password: HTMLInputElement; language: HTMLSelectElement | null } | null = null;
let focused: PrerenderedLogin['focused'] = null;

/**
 * Call before the first render: keeps the static form and inputs (detached, they keep their values) and follows
 * which input has the focus (a removed node loses it before React's effects run).
 */
export function capturePrerenderedLogin(doc: Document = document) {
  const form = doc.querySelector<HTMLFormElement>('#prerendered-login form');
  const email = form?.querySelector<HTMLInputElement>('input[name="email"]');
  const password = form?.querySelector<HTMLInputElement>('input[name="password"]');
  if (!form || !email || !password) return;
  const language = doc.querySelector<HTMLSelectElement>('#prerendered-login select[name="language"]');
  inputs = { form, email, password, language };
  const which = (el: Element | null) => (el === email ? 'email' : el === password ? 'password' : null);
  focused = which(doc.activeElement);
  doc.addEventListener('focusin', (e) => {
    if (inputs) focused = which(e.target as Element | null);
  });
  // Left for nothing (a tap elsewhere): no field has the focus. Read a moment later: a field losing the focus because
  // React's commit removes it (Chrome reports that as a focusout too) has been handed over by then, in that commit.
  doc.addEventListener('focusout', () => {
    setTimeout(() => {
      if (inputs) focused = which(doc.activeElement);
    }, 0);
  });
}

/** What was typed into the static page, and whether it was submitted, once (a later mount of the login page starts empty). */
export function takePrerenderedLogin(): PrerenderedLogin | null {
  if (!inputs) return null;
  const submitted = inputs.form.hasAttribute('data-submitted');
  const language = inputs.language?.dataset.changed !== undefined ? inputs.language.value : null;
  const taken = { email: inputs.email.value, password: inputs.password.value, focused: submitted ? null : focused, submitted, language };
  inputs = null;
  return taken.email || taken.password || taken.focused || taken.submitted || taken.language ? taken : null;
}
