import { fillContact, showsPrerenderedLogin, wireLoginForm } from '../login';

test('the prerendered page shows on /login, and on / with no stored token, in English only', () => {
  expect(showsPrerenderedLogin('/login', true, null)).toBe(true);
  expect(showsPrerenderedLogin('/', false, 'en')).toBe(true);
  expect(showsPrerenderedLogin('/', true, null)).toBe(false);
  expect(showsPrerenderedLogin('/login', false, 'ne')).toBe(false);
  expect(showsPrerenderedLogin('/student/exams', false, null)).toBe(false);
});

function page() {
  document.body.innerHTML = `<div id="root"><div id="prerendered-login">
    <select name="language"><option value="en" selected>English</option><option value="ne">नेपाली</option></select>
    <form><button type="submit">Login</button></form>
    <p><a data-contact="phone" href="tel:">   </a> <span data-contact="phone"> </span> <a data-contact="social" href="#">Social</a></p>
  </div></div>`;
}

test("contact details from remotes.json; the placeholders stay when it has none", () => {
  page();
  fillContact(document, null);
  expect(document.querySelector('a[data-contact="phone"]')!.getAttribute('href')).toBe('tel:');
  fillContact(document, { contact: { phone: '9800000000', social: 'https://social.example' } });
  expect(Array.from(document.querySelectorAll('[data-contact="phone"]'), (e) => e.textContent)).toEqual(['9800000000', '9800000000']);
  expect(document.querySelector('a[data-contact="phone"]')!.getAttribute('href')).toBe('tel:9800000000');
  expect(document.querySelector('[data-contact="social"]')!.getAttribute('href')).toBe('https://social.example');
});

test('a submit is recorded, not sent, the button busy, and the app starts; a language chosen is kept', () => {
  page();
  localStorage.clear();
  const go = jest.fn();
  const changed = jest.fn();
  wireLoginForm(document, localStorage, changed, go);
  const form = document.querySelector('form')!;
  const submit = new Event('submit', { cancelable: true });
  form.dispatchEvent(submit);
  expect(submit.defaultPrevented).toBe(true);
  expect(form.hasAttribute('data-submitted')).toBe(true);
  const button = form.querySelector('button')!;
  expect([button.getAttribute('aria-busy'), button.disabled]).toEqual(['true', true]);
  expect(go).toHaveBeenCalledTimes(1);

  const select = document.querySelector('select')!;
  select.value = 'ne';
  select.dispatchEvent(new Event('change'));
  expect(localStorage.getItem('language')).toBe('ne');
  expect(select.hasAttribute('data-changed')).toBe(true);
  expect(changed).toHaveBeenCalledWith('ne');
});
