/**
 * What a new student met in the walk (issue 37): full screen entered by Get Started itself and offered again from the
 * exam header (and the exam usable where the browser refuses it), the Submit button that stops spinning once the end
 * dialog opens, the results list on a 360 px phone (every column, View and Print reachable), and 'Print result sheet'
 * beside the result's title.
 */
import { expect, test, type Page } from '@playwright/test';
import { auth, loginAs, stateFile, storedSession } from '../support/fixtures';
import { DEMO_EXAM, answer, answerKeys, demoExamId, finishRunningAttempt, startDemoExam, takeExamByApi } from '../support/exam';

const inFullScreen = (page: Page) => page.evaluate(() => document.fullscreenElement !== null);

/**
 * The same, read without lending the page a user activation: Playwright's own evaluations (page.evaluate, locator
 * checks) count as a gesture, which would let a late full-screen request through; a CDP evaluation does not.
 */
async function inFullScreenNoGesture(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.fullscreenElement !== null', returnByValue: true });
  await cdp.detach();
  return result.value as boolean;
}

/** Console errors and uncaught errors of the page (a refused full-screen request must cause none). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || /full ?screen|user gesture/i.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('the demo student\'s exam', () => {
  test.use({ storageState: stateFile('student') });

  // every test here leaves the demo student with no running attempt, as the other spec files expect
  test.afterEach(async ({ request }) => {
    const s = storedSession('student');
    await finishRunningAttempt(request, s.token, s.user._id, await demoExamId(request, s.token, s.user._id));
  });

  test('Get Started enters full screen; the header offers it again; Submit stops spinning once the end dialog opens', async ({ page }) => {
    test.setTimeout(120_000);
    page.on('dialog', (d) => void d.accept());
    const errors = collectErrors(page);
    const s = storedSession('student');
    const examId = await demoExamId(page.request, s.token, s.user._id);
    await finishRunningAttempt(page.request, s.token, s.user._id, examId);

    // A slow link: the server answers the start after the press's activation has expired (Chromium's lasts 5 s), so
    // the request must be made by the press itself, not after the answer. From the press until the exam is in full
    // screen, the test only waits on the browser's events (no evaluation in the page, see inFullScreenNoGesture).
    await page.route('**/api/reports/create/**', async (route) => {
      await new Promise((r) => setTimeout(r, 6000));
      await route.continue();
    });
    await page.goto('/student/exams');
    await page.getByRole('button', { name: `Start ${DEMO_EXAM}` }).click();
    const getStarted = page.getByRole('button', { name: 'Get Started' });
    await expect(getStarted).toBeEnabled({ timeout: 30_000 });
    await getStarted.click({ noWaitAfter: true });
    await page.waitForURL(/\/student\/exams\/exam\//, { timeout: 30_000 });
    await expect.poll(() => inFullScreenNoGesture(page), { timeout: 15_000 }).toBe(true);
    await page.unroute('**/api/reports/create/**');
    await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
    const again = page.getByTestId('exam-header').getByRole('button', { name: 'Full screen' });
    await expect(again).toHaveCount(0);

    // The student leaves full screen (Esc): the header offers it again, and a press brings it back.
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(() => inFullScreen(page)).toBe(false);
    await expect(again).toBeVisible();
    await again.click();
    await expect.poll(() => inFullScreen(page)).toBe(true);
    await expect(again).toHaveCount(0);

    // A reload (no gesture): no request the browser refuses with a console error; the header offers full screen.
    await page.reload();
    await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
    await expect(again).toBeVisible();
    expect(await inFullScreen(page)).toBe(false);
    await again.click();
    await expect.poll(() => inFullScreen(page)).toBe(true);

    // Submit: once the end dialog is open, the Submit button behind it no longer spins; full screen is left.
    await answer(page, 1, '2');
    await page.getByRole('button', { name: 'Total Question' }).click();
    await page.getByRole('button', { name: 'Submit And Finish Exam' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByTestId('exam-ended').getByText('Congratulation, Exam Ended')).toBeVisible();
    const submitButton = page.locator('button', { hasText: 'Submit And Finish Exam' });
    await expect(submitButton).toHaveCount(1);
    await expect(submitButton).not.toHaveAttribute('data-loading');
    await expect(submitButton.locator('.chakra-spinner')).toHaveCount(0);
    await expect.poll(() => inFullScreen(page)).toBe(false);
    await expect(again).toHaveCount(0);
    expect(errors, 'no console error on the way').toEqual([]);
  });

  test('a start that fails leaves full screen; a browser that refuses full screen still runs the exam, without errors', async ({ page }) => {
    test.setTimeout(90_000);
    page.on('dialog', (d) => void d.accept());
    const s = storedSession('student');
    const examId = await demoExamId(page.request, s.token, s.user._id);
    await finishRunningAttempt(page.request, s.token, s.user._id, examId);

    // The server refuses the start (once the test has seen the page in full screen): the page leaves full screen.
    let seenFullScreen!: () => void;
    const held = new Promise<void>((r) => { seenFullScreen = r; });
    await page.route('**/api/reports/create/**', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error' }) });
    });
    await page.goto('/student/exams');
    await page.getByRole('button', { name: `Start ${DEMO_EXAM}` }).click();
    const getStarted = page.getByRole('button', { name: 'Get Started' });
    await expect(getStarted).toBeEnabled({ timeout: 30_000 });
    await getStarted.click();
    await expect.poll(() => inFullScreen(page)).toBe(true);
    seenFullScreen();
    await expect(page.getByTestId('toast').filter({ hasText: 'Cannot start exam' }).first()).toBeVisible();
    await expect.poll(() => inFullScreen(page)).toBe(false);
    await expect(page).toHaveURL(/\/student\/exams\/start\//);
    await page.unroute('**/api/reports/create/**');

    // A browser or frame that does not allow full screen (a phone, an iframe): the exam starts and runs as usual, no
    // error, and the header offers nothing it cannot do.
    const other = await page.context().newPage();
    const errors = collectErrors(other);
    await other.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'fullscreenEnabled', { configurable: true, get: () => false });
      Element.prototype.requestFullscreen = function () {
        return Promise.reject(new TypeError('Fullscreen is not allowed here'));
      };
    });
    await startDemoExam(other);
    await expect(other.getByTestId('count-total')).toHaveText('Total: 40');
    await answer(other, 1, '2');
    await expect(other.getByTestId('save-status')).toHaveText('All answers saved');
    expect(await inFullScreen(other)).toBe(false);
    await expect(other.getByTestId('exam-header').getByRole('button', { name: 'Full screen' })).toHaveCount(0);
    expect(errors, 'no error when full screen is not allowed').toEqual([]);
    await other.close();
  });
});

test('on a 360 px phone each result shows every column, with View and Print in reach; Print result sheet sits with the title', async ({ page }) => {
  test.setTimeout(90_000);
  // A student of the demo institute, with one attempt of the demo exam (their own list: nothing else in it).
  const inst = storedSession('institute');
  const email = `e2e-walk-${Date.now()}@example.com`;
  const created = await page.request.post(`/api/users/createUser/${inst.user._id}`, {
    headers: auth(inst.token),
    data: { firstname: 'Walk', lastname: 'Student', email, password: 'password123', confirmPassword: 'password123' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const studentId = ((await created.json()) as { _id: string })._id;
  const demo = storedSession('student');
  const examId = await demoExamId(page.request, demo.token, demo.user._id);
  const access = await page.request.post(`/api/examaccess/create/${inst.user._id}`, {
    headers: auth(inst.token), data: { user: studentId, type: 'SELECTEDEXAM', exams: [{ exam: examId, total_times: 1 }] },
  });
  expect(access.ok(), await access.text()).toBeTruthy();
  const me = await loginAs(page, email, 'password123');
  const keys = await answerKeys(page.request, examId);
  // questions 1 and 2 (reading) and 21 (listening) right: 3/40, 15 of 200, reading 10, listening 5
  const resultId = await takeExamByApi(page.request, me.token, studentId, examId, { 1: keys.get(1)!, 2: keys.get(2)!, 21: keys.get(21)! });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/student/results');
  const list = page.getByRole('list', { name: 'List of Results' });
  await expect(list).toBeVisible();
  const item = list.getByRole('listitem').filter({ hasText: DEMO_EXAM });
  await expect(item).toHaveCount(1);
  // every column's name and value
  for (const [name, value] of [
    ['Score', '3/40'], ['Score (200)', '15'], ['Reading (100)', '10'], ['Listening (100)', '5'], ['Rank', /\S/],
  ] as const) {
    const field = item.getByTestId(`field-${name}`);
    await expect(field.getByText(name, { exact: true })).toBeVisible();
    await expect(field.getByTestId('value')).toHaveText(value);
  }
  await expect(item.getByTestId('field-Date').getByTestId('value')).toHaveText(/\d{4}-\d{2}-\d{2}/);
  // no sideways scrolling: neither the page nor the list is wider than the screen
  const widths = await page.evaluate(() => {
    const el = document.querySelector('[aria-label="List of Results"]') as HTMLElement;
    const wide = [el, ...el.querySelectorAll<HTMLElement>('*')].filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible');
    return { page: document.documentElement.scrollWidth, viewport: innerWidth, listRight: el.getBoundingClientRect().right, wide: wide.length };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  expect(widths.listRight).toBeLessThanOrEqual(widths.viewport);
  expect(widths.wide, 'nothing in the list scrolls sideways').toBe(0);
  const view = item.getByRole('button', { name: `View result of ${DEMO_EXAM}` });
  const print = item.getByRole('button', { name: `Print result sheet of ${DEMO_EXAM}` });
  await expect(view).toBeInViewport({ ratio: 1 });
  await expect(print).toBeInViewport({ ratio: 1 });

  await print.click();
  await expect(page).toHaveURL(new RegExp(`/student/results/${resultId}/print$`));
  await page.goBack();
  await view.click();
  await expect(page).toHaveURL(new RegExp(`/student/results/${resultId}$`));

  // The result: 'Print result sheet' with the title (after it, before the figures), on the phone and on a desktop.
  const title = page.getByRole('heading', { level: 1, name: DEMO_EXAM });
  const sheet = page.getByRole('button', { name: 'Print result sheet', exact: true });
  const summary = page.getByTestId('result-summary');
  await expect(title).toBeVisible();
  await expect(sheet).toBeVisible();
  const box = async () => ({ title: (await title.boundingBox())!, sheet: (await sheet.boundingBox())!, summary: (await summary.boundingBox())! });
  let b = await box();
  expect(b.sheet.y + b.sheet.height, 'on the phone: below the title\'s top').toBeGreaterThan(b.title.y);
  expect(b.sheet.y + b.sheet.height, 'on the phone: above the figures').toBeLessThanOrEqual(b.summary.y);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(sheet).toBeVisible();
  b = await box();
  // on a desktop, on the title's line: the two boxes overlap vertically
  expect(b.sheet.y).toBeLessThan(b.title.y + b.title.height);
  expect(b.sheet.y + b.sheet.height).toBeGreaterThan(b.title.y);
  await sheet.click();
  await expect(page).toHaveURL(new RegExp(`/student/results/${resultId}/print$`));

  // a wide screen keeps the table
  await page.goto('/student/results');
  await expect(page.getByRole('table', { name: 'List of Results' }).getByRole('row', { name: new RegExp(DEMO_EXAM) })).toHaveCount(1);
});
