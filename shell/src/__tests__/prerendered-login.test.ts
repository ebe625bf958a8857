import { capturePrerenderedLogin, takePrerenderedLogin } from '../prerendered-login';

function staticPage() {
  document.body.innerHTML = `<div id="root"><div id="prerendered-login">
    <select name="language"><option value="en" selected>English</option><option value="ne">नेपाली</option></select><form>
    <label>Email<input name="email" /></label><label>Password<input name="password" type="password" /></label>
  </form></div></div>`;
  return {
    email: document.querySelector<HTMLInputElement>('input[name="email"]')!,
    password: document.querySelector<HTMLInputElement>('input[name="password"]')!,
    language: document.querySelector<HTMLSelectElement>('select[name="language"]')!,
  };
}

test('what was typed into the static login page survives its removal, once', () => {
  const { email, password } = staticPage();
  capturePrerenderedLogin();
  email.value = 'student@example.com';
  password.focus();
  password.value = 'secret';
  document.getElementById('root')!.innerHTML = ''; // React's first commit
  expect(takePrerenderedLogin()).toEqual({ email: 'student@example.com', password: 'secret', focused: 'password', submitted: false, language: null });
  expect(takePrerenderedLogin()).toBeNull();
});

test('an untouched static page hands over nothing', () => {
  staticPage();
  capturePrerenderedLogin();
  expect(takePrerenderedLogin()).toBeNull();
});

test('a field typed into and left (focus elsewhere) is handed over without the focus', async () => {
  const { email } = staticPage();
  capturePrerenderedLogin();
  email.focus();
  email.value = 'not-an-email';
  email.blur();
  await new Promise((r) => setTimeout(r, 10));
  document.getElementById('root')!.innerHTML = '';
  expect(takePrerenderedLogin()).toEqual({ email: 'not-an-email', password: '', focused: null, submitted: false, language: null });
});

test('a Login click or Enter on the static page (marked by index.html\'s script) is handed over with the values', () => {
  const { email, password } = staticPage();
  capturePrerenderedLogin();
  // a password manager's autofill: values, no key or focus
  email.value = 'student@example.com';
  password.value = 'password123';
  document.querySelector('form')!.setAttribute('data-submitted', '');
  document.getElementById('root')!.innerHTML = '';
  expect(takePrerenderedLogin()).toEqual({ email: 'student@example.com', password: 'password123', focused: null, submitted: true, language: null });
});

test('an empty static form submitted is handed over too (the login page shows the messages)', () => {
  staticPage();
  capturePrerenderedLogin();
  document.querySelector('form')!.setAttribute('data-submitted', '');
  expect(takePrerenderedLogin()).toEqual({ email: '', password: '', focused: null, submitted: true, language: null });
});

test("a language chosen in the static page's select (marked by index.html's script) is handed over, alone too", () => {
  const { language } = staticPage();
  capturePrerenderedLogin();
  language.value = 'ne';
  language.setAttribute('data-changed', '');
  document.getElementById('root')!.innerHTML = '';
  expect(takePrerenderedLogin()).toEqual({ email: '', password: '', focused: null, submitted: false, language: 'ne' });
  expect(takePrerenderedLogin()).toBeNull();
});

test('the select left as it was hands over no language', () => {
  const { email, language } = staticPage();
  capturePrerenderedLogin();
  language.value = 'ne'; // never changed by the visitor (no data-changed): the device's own language decides
  email.value = 'a@b.c';
  expect(takePrerenderedLogin()).toMatchObject({ email: 'a@b.c', language: null });
});
