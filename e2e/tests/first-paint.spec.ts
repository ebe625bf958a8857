/**
 * The exam list's first paint (student-app/src/first-paint, shell/src/index.html): a student opening /student/exams
 * sees the list with its data before any of the app runs, works it (Start, Resume, links), and the app, started by
 * itself once the list is on screen (in idle time, no move needed), draws the same boxes. The app's main.js is held back in each test, as on a slow link, until the test
 * lets it through: whatever is checked before that is the first paint alone.
 */
import { expect, test, type Page } from '@playwright/test';
import { auth, loginAs, stateFile, storedSession } from '../support/fixtures';
import { DEMO_EXAM, demoExamId, finishRunningAttempt } from '../support/exam';

/** Holds the app's own script (the shell's main.js) until `release()`; the first paint's script comes as usual. */
async function holdApp(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Every box of the page's landmarks, headings, cards, texts and controls, with its text. */
const boxes = (page: Page) => page.evaluate(() => Array.from(
  document.querySelectorAll('#root header, #root nav, #root main, #root h1, #root h2, #root h3, #root section, #root article, #root p, #root button, #root a, #root span'),
).map((e) => {
  const r = e.getBoundingClientRect();
  return `${e.tagName} ${r.x.toFixed(1)},${r.y.toFixed(1)} ${r.width.toFixed(1)}x${r.height.toFixed(1)} ${(e.textContent ?? '').slice(0, 40)}`;
}));

/** Marks the first paint's heading: gone once React has drawn the page in its place. */
const markFirstPaint = (page: Page) => page.locator('main h1').evaluate((h) => h.setAttribute('data-first-paint', ''));
const appDrawn = (page: Page) => expect(page.locator('main h1[data-first-paint]')).toHaveCount(0, { timeout: 20_000 });

const card = (page: Page, region = 'Available Exams') => page.getByRole('region', { name: region }).getByRole('article', { name: DEMO_EXAM });

test.describe('the demo student, signed in once', () => {
  test.use({ storageState: stateFile('student') });

  for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
    test(`at ${viewport.width}x${viewport.height}: the list paints with its data before the app runs, and the app draws the same boxes`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const release = await holdApp(page);
      await page.goto('/student/exams');
      await expect(card(page).getByRole('button', { name: `Start ${DEMO_EXAM}` })).toBeVisible();
      await expect(card(page)).toContainText(/Download: \d+(\.\d)? (MB|kB)/);
      await expect(page.getByTestId('user-name')).toHaveText('Demo Student');
      await expect(page.getByRole('link', { name: 'Exam List' }).first()).toHaveAttribute('aria-current', 'page');
      await markFirstPaint(page);
      const painted = await boxes(page);
      // nothing in between: no loading state ever shows on the page (the app renders off-screen, then takes its place)
      await page.evaluate(() => {
        const w = window as { sawLoading?: boolean };
        w.sawLoading = false;
        new MutationObserver(() => {
          if (document.querySelector('[role="status"], .chakra-spinner')) w.sawLoading = true;
        }).observe(document.body, { subtree: true, childList: true });
      });
      release();
      // no move: the app starts by itself in the page's idle time and takes the first paint's place
      await appDrawn(page);
      await expect(card(page).getByRole('button', { name: `Start ${DEMO_EXAM}` })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await boxes(page)).toEqual(painted);
      expect(await page.evaluate(() => (window as { sawLoading?: boolean }).sawLoading)).toBe(false);
    });
  }

  test('Start pressed before the app runs opens the exam\'s start page once the app is there', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/student/exams');
    const start = card(page).getByRole('button', { name: `Start ${DEMO_EXAM}` });
    await start.click();
    // taken at once: pressed, as the app's button is while it works
    await expect(start).toBeDisabled();
    await expect(start).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page).toHaveURL(/\/student\/exams\/start\//);
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible({ timeout: 60_000 });
  });

  test('the keyboard: the control focused before the app runs is focused on the app\'s page, and Enter starts the exam', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/student/exams');
    const start = card(page).getByRole('button', { name: `Start ${DEMO_EXAM}` });
    await expect(start).toBeVisible();
    for (let i = 0; i < 20 && !(await start.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(start).toBeFocused();
    await markFirstPaint(page);
    release();
    await appDrawn(page);
    await expect(start).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/student\/exams\/start\//);
  });

  test('a link pressed before the app runs opens its page', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/student/exams');
    await page.getByRole('link', { name: 'Results' }).first().click();
    release();
    await expect(page).toHaveURL(/\/student\/results$/);
    await expect(page.getByRole('heading', { name: /List of Results/ }).first()).toBeVisible();
  });

  test('in Nepali: the texts and the figures in Devanagari digits, before and after the app starts', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'ne'));
    const release = await holdApp(page);
    await page.goto('/student/exams');
    await expect(page.getByRole('heading', { name: 'परीक्षा सूची' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
    const size = page.getByTestId('exam-size').first();
    await expect(size).toHaveText(/[०-९]/);
    await expect(size).not.toHaveText(/[0-9]/);
    const painted = await size.textContent();
    await markFirstPaint(page);
    release();
    await appDrawn(page);
    await expect(page.getByTestId('exam-size').first()).toHaveText(painted!);
  });

  test('without a first paint (a student area built before it, or a failed answer), the app starts at once', async ({ page }) => {
    await page.route(/\/first-paint\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await page.goto('/student/exams');
    // no move: the app draws the list itself
    await expect(card(page).getByRole('button', { name: `Start ${DEMO_EXAM}` })).toBeVisible();
    expect(await page.evaluate(() => (window as { __epsFirstPaint?: { started?: boolean } }).__epsFirstPaint?.started)).toBe(true);
  });

  test('a list answer that is an error paints nothing: the app starts and handles it (a token the server refuses: the sign-in form)', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('broken')) {
        sessionStorage.setItem('broken', '1');
        localStorage.setItem('token', 'not-a-token');
      }
    });
    await page.goto('/student/exams');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Available Exams' })).toHaveCount(0);
  });
});

test.describe('a student with no institute, signed in once', () => {
  test.use({ storageState: stateFile('newStudent') });

  test('the not-verified alert and its link work before the app runs', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/student/exams');
    await expect(page.getByText('You are not verified because any institutes haven\'t enroll you.', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Available Exams' })).toContainText('No exams available');
    await page.getByRole('link', { name: 'See How to Contact?' }).click();
    release();
    await expect(page).toHaveURL(/\/student\/contact$/);
  });
});

test('a running attempt: Resume with the time left before the app runs, and Resume opens it', async ({ page }) => {
  test.setTimeout(90_000);
  const inst = storedSession('institute');
  const email = `e2e-first-paint-${Date.now()}@example.com`;
  const created = await page.request.post(`/api/users/createUser/${inst.user._id}`, {
    headers: auth(inst.token),
    data: { firstname: 'Paint', lastname: 'Student', email, password: 'password123', confirmPassword: 'password123' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const studentId = ((await created.json()) as { _id: string })._id;
  const access = await page.request.post(`/api/examaccess/create/${inst.user._id}`, { headers: auth(inst.token), data: { user: studentId, type: 'ALL' } });
  expect(access.ok(), await access.text()).toBeTruthy();
  const me = await loginAs(page, email, 'password123');
  const examId = await demoExamId(page.request, me.token, studentId);
  const started = await page.request.post(`/api/reports/create/${studentId}`, { headers: auth(me.token), data: { exam: examId } });
  expect(started.ok(), await started.text()).toBeTruthy();

  const release = await holdApp(page);
  await page.goto('/student/exams');
  const resume = card(page).getByRole('button', { name: `Resume ${DEMO_EXAM}` });
  await expect(resume).toHaveText('Resume');
  await expect(card(page)).toContainText(/In progress · Time left: (50|49) min/);
  await expect(page.getByTestId('user-name')).toHaveText('Paint Student');
  await resume.click();
  release();
  await expect(page).toHaveURL(/\/student\/exams\/start\//);
  await expect(page.getByText(/Time left: (50|49) min/)).toBeVisible({ timeout: 30_000 });
  await finishRunningAttempt(page.request, me.token, studentId, examId);
});
