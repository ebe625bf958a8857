/**
 * Nepali and English (issue 25): chosen on the login page (also the page prerendered before the app runs), kept on the
 * device and for the user; the student's screens and an exam question in both languages, a back-office screen in
 * Nepali, a server message in Nepali, digits following the language; Devanagari and Hangul drawn with fonts that have
 * their letters (support/glyphs.ts), screenshots attached. The Nepali expected comes from the catalogs
 * (support/catalog.ts), so the test follows the translations.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { auth, loginAs, stateFile, storedSession } from '../support/fixtures';
import { demoExamId, finishRunningAttempt } from '../support/exam';
import { expectRealGlyphs } from '../support/glyphs';
import { ne } from '../support/catalog';

const PASSWORD = 'password123';
let email = '';
let studentId = '';

test.beforeAll(async ({ request }) => {
  // a student of its own: its language and attempts are this file's
  const inst = storedSession('institute');
  email = `e2e-lang-${Date.now()}@example.com`;
  const created = await request.post(`/api/users/createUser/${inst.user._id}`, {
    headers: auth(inst.token),
    data: { firstname: 'Sita', lastname: 'Gurung', email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  studentId = ((await created.json()) as { _id: string })._id;
  const access = await request.post(`/api/examaccess/create/${inst.user._id}`, { headers: auth(inst.token), data: { user: studentId, type: 'ALL' } });
  expect(access.ok(), await access.text()).toBeTruthy();
});

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'en-US' });
  return context.newPage();
}

test('the login page in English and Nepali; the choice is kept on the device and becomes the user\'s', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const page = await freshPage(browser);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const en = await expectRealGlyphs(page, testInfo, 'login-en');
  expect(en.Devanagari, 'the login card\'s Nepali line').toBeGreaterThan(0);

  // chosen in the page (prerendered or not: the select is the first thing a visitor may touch)
  await page.getByLabel('Language').selectOption('ne');
  await expect(page.getByRole('button', { name: ne('shell', 'Login') })).toBeVisible();
  await expect(page.getByLabel(ne('shell', 'Email'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  const nep = await expectRealGlyphs(page, testInfo, 'login-ne');
  expect(nep.Devanagari).toBeGreaterThan(4);

  // kept on the device: a reload starts in Nepali
  await page.reload();
  await expect(page.getByRole('button', { name: ne('shell', 'Login') })).toBeVisible();

  // a server message of the spec, in Nepali
  await page.getByLabel(ne('shell', 'Email')).fill(email);
  await page.getByLabel(ne('shell', 'Password')).fill('wrong-password');
  await page.getByRole('button', { name: ne('shell', 'Login') }).click();
  await expect(page.getByTestId('toast').filter({ hasText: ne('shared-api', 'Invalid Credentials') }).first()).toBeVisible();

  await page.getByLabel(ne('shell', 'Password')).fill(PASSWORD);
  await page.getByRole('button', { name: ne('shell', 'Login') }).click();
  await expect(page).toHaveURL(/\/student/);
  await page.getByRole('link', { name: ne('student-app', 'Exam List') }).first().click();
  await expect(page).toHaveURL(/\/student\/exams/);
  await expect(page.getByText('EPS-TOPIK Mock Test 1').first()).toBeVisible(); // an exam's title is data: never translated
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await expectRealGlyphs(page, testInfo, 'exam-list-ne');
  await page.context().close();

  // the user's language: a new device with no choice of its own signs in in English and continues in Nepali
  const other = await freshPage(browser);
  await other.goto('/login');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Login' }).click();
  await expect(other.getByRole('link', { name: ne('student-app', 'Exam List') }).first()).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'ne');
  await other.context().close();
});

test('an exam question in Nepali and in English: the Korean is drawn with Hangul glyphs in both', async ({ browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const session = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  const { token } = (await session.json()) as { token: string };
  const examId = await demoExamId(request, token, studentId);

  for (const language of ['ne', 'en'] as const) {
    const page = await freshPage(browser);
    await page.addInitScript((l) => localStorage.setItem('language', l), language);
    await loginAs(page, email, PASSWORD);
    await page.goto('/student/exams');
    // the exam's own Start button (its name is translated; the exam's title is data)
    await page.getByRole('article', { name: 'EPS-TOPIK Mock Test 1' }).getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`/student/exams/start/${examId}`));
    const getStarted = language === 'ne' ? ne('student-app', 'Get Started') : 'Get Started';
    const resume = language === 'ne' ? ne('student-app', 'Resume') : 'Resume';
    // enabled once the exam is on the device (the download of its audio and pictures)
    await page.getByRole('button', { name: new RegExp(`^(${getStarted}|${resume})$`) }).click({ timeout: 90_000 });
    await expect(page).toHaveURL(/\/student\/exams\/exam\//);
    // question 1: the first number of the Reading section's panel (its name is translated, its digits too)
    await page.getByRole('button', { name: /^(Question 1|प्रश्न १) \(/ }).click();
    const question = page.getByTestId('question-view');
    await expect(question).toBeVisible();
    await expect(question.locator('[lang="ko"]').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const seen = await expectRealGlyphs(page, testInfo, `exam-question-${language}`);
    expect(seen.Hangul, 'the question\'s Korean').toBeGreaterThan(0);
    if (language === 'ne') expect(seen.Devanagari, 'the exam page\'s own texts').toBeGreaterThan(2);
    await page.context().close();
  }
  await finishRunningAttempt(request, token, studentId, examId);
});

test.describe('the back office in Nepali', () => {
  test.use({ storageState: stateFile('institute') });

  test('the institute\'s users and exams lists, figures in Devanagari digits', async ({ page }, testInfo) => {
    await page.addInitScript(() => localStorage.setItem('language', 'ne'));
    await page.goto('/institute');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
    // the dashboard's figures: Devanagari digits only
    const figures = page.locator('[data-testid^="stat-"]');
    await expect(figures.first()).toHaveText(/^[०-९]+$/);
    await page.goto('/institute/users');
    await expect(page.getByRole('heading', { name: ne('back-office', 'User Management') })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await expectRealGlyphs(page, testInfo, 'institute-users-ne');
    await page.goto('/institute/exams');
    await expect(page.getByRole('heading', { name: ne('back-office', 'Exam List') })).toBeVisible();
    await expectRealGlyphs(page, testInfo, 'institute-exams-ne');
  });
});

test('Nepali chosen but its catalogs cannot be fetched (a flaky link): the screens show English, never a blank page, and Nepali on the next load', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await freshPage(browser);
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('ne');
  await expect(page.getByRole('button', { name: ne('shell', 'Login') })).toBeVisible();

  // a new load on a link that drops every Nepali catalog (and nothing else)
  const refused: string[] = [];
  await page.context().route(/\/i18n-[a-z-]+-ne\.[0-9a-f]+\.js$/, (route) => {
    refused.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  // (service workers are blocked in these tests: nothing answers from a cache, as on a phone's first visit)
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(refused.length, 'the Nepali catalog was asked for').toBeGreaterThan(0);
  await expect(page.getByLabel('Language'), 'the choice is kept').toHaveValue('ne');

  // signed in on that link: the student's area renders, in English
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('link', { name: 'Exam List' }).first()).toBeVisible();

  // the link is back: the next load is in Nepali
  await page.context().unroute(/\/i18n-[a-z-]+-ne\.[0-9a-f]+\.js$/);
  await page.reload();
  await expect(page.getByRole('link', { name: ne('student-app', 'Exam List') }).first()).toBeVisible();
  await page.context().close();
});
