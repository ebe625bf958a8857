/**
 * Fair delivery (issue 24), end to end: an institute gives a student 50 % extra time in the User Access tab; the
 * student's start page and clock show 75 minutes (the e2e server's exam lasts 50); the student switches to another tab
 * during the exam and the institute sees that record of leaving the exam on the result (and filters the list by it).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { auth, expectToast, loginAs, storedSession, stateFile } from '../support/fixtures';
import { DEMO_EXAM, demoExamId, mmss } from '../support/exam';

test.use({ storageState: stateFile('institute') });

async function dialog(page: Page, title: string) {
  const d = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(d).toBeVisible();
  return d;
}

/** What the browser says when its tab goes to the background or comes back (document.visibilityState and the event). */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((st) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => st });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => st === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test('50 % extra time shows on the start page and the clock; leaving the exam is recorded for the institute', async ({ page, browser }) => {
  test.setTimeout(150_000);
  // A student of the demo institute with access to every exam, made for this test.
  const inst = storedSession('institute');
  const email = `e2e-accom-${Date.now().toString(36)}@example.com`;
  const created = await page.request.post(`/api/users/createUser/${inst.user._id}`, {
    headers: auth(inst.token),
    data: { firstname: 'Extra', lastname: 'Time', email, password: 'password123', confirmPassword: 'password123' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const studentId = ((await created.json()) as { _id: string })._id;
  const access = await page.request.post(`/api/examaccess/create/${inst.user._id}`, {
    headers: auth(inst.token), data: { user: studentId, type: 'ALL' },
  });
  expect(access.ok(), await access.text()).toBeTruthy();

  // 1. The institute sets +50 % in the User Access tab.
  await page.goto(`/institute/users/${studentId}`);
  await page.getByRole('tab', { name: 'User Access' }).click();
  const card = page.getByTestId('extra-time-card');
  await expect(card.getByTestId('extra-time')).toHaveText('None');
  await card.getByRole('button', { name: 'Set Extra Time' }).click();
  const d = await dialog(page, 'Extra Time');
  await d.getByLabel('Extra time').selectOption('50');
  await d.getByRole('button', { name: 'Save Extra Time' }).click();
  await expectToast(page, 'Extra time saved');
  await expect(card.getByTestId('extra-time')).toHaveText('+50 % (25 minutes)');
  await expect(card).toContainText('Exam length for this student: 75 minutes');

  // 2. The student's start page and clock say 75 minutes.
  const studentContext = await browser.newContext({ storageState: undefined });
  const s = await studentContext.newPage();
  s.on('dialog', (dl) => void dl.accept());
  await loginAs(s, email, 'password123');
  const demo = storedSession('student');
  const examId = await demoExamId(s.request, demo.token, demo.user._id);
  await s.goto('/student/exams');
  await s.getByRole('button', { name: `Start ${DEMO_EXAM}` }).click();
  await expect(s).toHaveURL(new RegExp(`/student/exams/start/${examId}$`));
  await expect(s.getByTestId('exam-length')).toContainText('lasts 75 minutes for you (50 minutes + 25 minutes extra time)');
  const started = s.waitForResponse((r) => r.url().includes('/api/reports/create/') && r.request().method() === 'POST');
  await s.getByRole('button', { name: /^(Get Started|Start without downloading)$/ }).last().click();
  const attempt = (await (await started).json()) as { startedAt: string; deadlineAt: string };
  expect(Date.parse(attempt.deadlineAt) - Date.parse(attempt.startedAt)).toBe(75 * 60_000);
  await expect(s).toHaveURL(/\/student\/exams\/exam\//);
  await expect(s.getByTestId('count-total')).toHaveText('Total: 40');
  const shown = mmss(await s.getByTestId('countdown').innerText());
  expect(shown).toBeGreaterThan(74 * 60);
  expect(shown).toBeLessThanOrEqual(75 * 60);

  // 3. The student switches to another tab and back: one record of leaving, sent when the student is back.
  //    Headless Chromium keeps every page 'visible' whichever is in front (bringToFront changes nothing there), so
  //    the page is also told what a real browser would say: hidden while the other tab is in front, then visible.
  const sent = s.waitForResponse((r) => r.url().includes('/leaves/') && r.request().method() === 'PUT');
  const other = await studentContext.newPage();
  await other.goto('/student/contact');
  await other.bringToFront();
  await setVisibility(s, 'hidden');
  await s.bringToFront();
  await setVisibility(s, 'visible');
  const res = await sent;
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ stored: 1, ignored: 0 });
  await other.close();

  // ... then submits.
  await s.getByRole('button', { name: 'Submit And Finish Exam' }).click();
  const submitted = s.waitForResponse((r) => r.url().includes('/api/results/create/') && r.request().method() === 'POST');
  await s.getByRole('button', { name: 'Yes' }).click();
  const resultId = ((await (await submitted).json()) as { resultId: string }).resultId;
  await expect(s.getByTestId('exam-ended').getByText('Congratulation, Exam Ended')).toBeVisible();
  // the student's own result does not say it
  await s.getByRole('button', { name: 'View Result' }).click();
  await expect(s.getByTestId('result-summary')).toBeVisible();
  await expect(s.getByTestId('result-leaves')).toHaveCount(0);
  await studentContext.close();

  // 4. The institute sees it: a badge in the student's results (kept by the filter), the sentence on the result.
  await page.goto(`/institute/users/${studentId}`);
  const row = page.getByRole('row', { name: new RegExp(DEMO_EXAM) });
  await expect(row.getByTestId('left-badge')).toContainText('1×');
  // ... and in the CSV of the student's results: how many times, how many seconds away
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const lines = readFileSync(await (await csv).path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toMatch(/,Times Left The Exam,Time Away \(s\)$/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^[^,]*,${email.replaceAll('.', '\\.')},${DEMO_EXAM},.*,1,\\d+$`));
  await page.getByLabel('Only attempts where the student left the exam').check();
  await expect(page.getByRole('row', { name: new RegExp(DEMO_EXAM) })).toHaveCount(1);
  await row.getByRole('button', { name: /^View result of/ }).click();
  await expect(page).toHaveURL(new RegExp(`/institute/results/${resultId}$`));
  await expect(page.getByTestId('result-leaves')).toContainText(/Left the exam once, \d+ (s|min)/);
});
