/**
 * Results on the EPS-TOPIK scale and what a finished attempt reveals (issue 23), in a real browser: the section scores
 * in the 'Congratulation, Exam Ended' dialog and the result detail; an author's "Score only" hides the per-question
 * marks from the student (not from the institute); a student who can sit the exam again never reads its answers.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { auth, expectToast, loginAs, stateFile, storedSession } from '../support/fixtures';
import { answer, answerKeys, demoExamId, finishRunningAttempt, startDemoExam, takeExamByApi, type Q } from '../support/exam';

const points = (n: number) => n * 5;

test.describe('scores out of 200', () => {
  test.use({ storageState: stateFile('student') });

  test('a student finishes an attempt and sees the score and section scores in the dialog, the result and the list', async ({ page }) => {
    test.setTimeout(150_000);
    const s = storedSession('student');
    const examId = await demoExamId(page.request, s.token, s.user._id);
    await finishRunningAttempt(page.request, s.token, s.user._id, examId);
    const keys = await answerKeys(page.request, examId);
    const wrong = (n: number) => String((Number(keys.get(n)) % 4) + 1);

    await startDemoExam(page);
    await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
    // Reading: 1 and 2 right, 3 wrong; Listening: 21 right, 22 wrong
    const picks: [number, string][] = [[1, keys.get(1)!], [2, keys.get(2)!], [3, wrong(3)], [21, keys.get(21)!], [22, wrong(22)]];
    for (const [n, option] of picks) await answer(page, n, option);
    await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
    await page.getByRole('button', { name: 'Total Question' }).click();
    await page.getByRole('button', { name: 'Submit And Finish Exam' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();

    const ended = page.getByTestId('exam-ended');
    await expect(ended.getByText('Congratulation, Exam Ended')).toBeVisible();
    // the spec's lines stay, then the scale
    await expect(page.getByTestId('ended-Total Correct')).toHaveText('3');
    await expect(page.getByTestId('ended-Your Percentage')).toHaveText('7.50%');
    await expect(page.getByTestId('ended-Score')).toHaveText(`${points(3)} / 200`);
    await expect(page.getByTestId('ended-Reading')).toHaveText(`${points(2)} / 100`);
    await expect(page.getByTestId('ended-Listening')).toHaveText(`${points(1)} / 100`);

    await page.getByRole('button', { name: 'View Result' }).click();
    await expect(page).toHaveURL(/\/student\/results\/[^/]+$/);
    await expect(page.getByTestId('result-Score')).toHaveText('15 / 200');
    await expect(page.getByTestId('result-Reading')).toHaveText('10 / 100');
    await expect(page.getByTestId('result-Listening')).toHaveText('5 / 100');
    await expect(page.getByTestId('result-Total Correct')).toHaveText('3');

    await page.goto('/student/results');
    const row = page.getByRole('row').nth(1);
    await expect(row).toContainText('3/40');
    await expect(page.getByRole('table', { name: 'List of Results' }).getByRole('columnheader', { name: 'Score (200)' })).toBeVisible();
    // after the spec's Title, Score, Date
    await expect(row.getByRole('cell').nth(3)).toHaveText('15');
    await expect(row.getByRole('cell').nth(4)).toHaveText('10');
    await expect(row.getByRole('cell').nth(5)).toHaveText('5');
  });
});

/** A private exam of the demo institute with the demo exam's 40 questions (its media reused), published. */
async function instituteCopyOfDemoExam(request: APIRequestContext, title: string): Promise<string> {
  const inst = storedSession('institute');
  const admin = storedSession('admin');
  const student = storedSession('student');
  const demoId = await demoExamId(request, student.token, student.user._id);
  const source = (await (await request.get(`/api/questions/${demoId}/${admin.user._id}`, { headers: auth(admin.token) })).json()) as (Q & Record<string, unknown>)[];
  expect(source).toHaveLength(40);
  const created = await request.post(`/api/exams/create/${inst.user._id}`, { headers: auth(inst.token), data: { title, is_cbt: false } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const examId = ((await created.json()) as { _id: string })._id;
  for (const q of source) {
    const { _id, exam: _exam, ...fields } = q;
    const res = await request.post(`/api/questions/create/new/${examId}/${inst.user._id}`, { headers: auth(inst.token), data: fields });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const published = await request.put(`/api/exams/publish/${examId}/${inst.user._id}`, { headers: auth(inst.token) });
  expect(published.ok(), await published.text()).toBeTruthy();
  return examId;
}

async function pageAs(browser: Browser, role: 'institute' | 'student') {
  const context = await browser.newContext({ storageState: stateFile(role) });
  return { context, page: await context.newPage() };
}

test('an author sets "Score only": the student\'s result shows the scores and no per-question marks; the institute sees them', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const title = `E2E score only ${Date.now()}`;
  const examId = await instituteCopyOfDemoExam(request, title);

  // The author chooses what a student sees, in the exam dialog.
  const author = await pageAs(browser, 'institute');
  await author.page.goto('/institute');
  await author.page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Exam List' }).click();
  await author.page.getByRole('article', { name: title }).getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = author.page.getByRole('dialog', { name: 'Edit Exam' });
  const policy = dialog.getByLabel('After submitting, a student sees');
  await expect(policy).toHaveValue('answers'); // the default
  await policy.selectOption({ label: 'Score only' });
  await dialog.getByRole('button', { name: 'Update Exam' }).click();
  await expectToast(author.page, 'Successfully Updated Exam');

  // The demo student sits it (Institute And Public Exams: the institute's own exams), question 1 right, 2 wrong.
  const s = storedSession('student');
  const keys = await answerKeys(request, examId);
  const resultId = await takeExamByApi(request, s.token, s.user._id, examId, { 1: keys.get(1)!, 2: String((Number(keys.get(2)) % 4) + 1) });
  const student = await pageAs(browser, 'student');
  const shown = student.page.waitForResponse((r) => r.url().includes(`/api/results/${resultId}/`));
  await student.page.goto(`/student/results/${resultId}`);
  const body = JSON.stringify(await (await shown).json());
  expect(body).not.toContain('"correct"');
  expect(body).not.toContain('"answer_details"');
  await expect(student.page.getByTestId('review-note')).toHaveText(
    'The author of this exam shows the score only: which questions were right or wrong is not shown.');
  await expect(student.page.getByTestId('result-Score')).toHaveText('5 / 200');
  await expect(student.page.getByTestId('result-Reading')).toHaveText('5 / 100');
  await expect(student.page.getByRole('button', { name: /^Question \d+, (correct|wrong)$/ })).toHaveCount(0);
  await expect(student.page.locator('[data-outcome="correct"], [data-outcome="wrong"]')).toHaveCount(0);
  await student.page.getByRole('button', { name: 'Question 2, answered' }).click();
  await expect(student.page.getByTestId('question-view')).toHaveAttribute('data-question', '2');
  await expect(student.page.locator('[data-result]')).toHaveCount(0);
  await expect(student.page.getByTestId('answer-details')).toHaveCount(0);

  // The institute's results of the exam: the scale in the table and, after the spec's columns, in the CSV.
  await author.page.goto(`/institute/exams/exam/${examId}/results`);
  await expect(author.page.getByRole('columnheader', { name: 'Listening (100)' })).toBeVisible();
  const download = author.page.waitForEvent('download');
  await author.page.getByRole('button', { name: 'Download CSV' }).click();
  const lines = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Student,Email,Score,Total,Submitted,Score (200),Reading (100),Listening (100),Times Left The Exam,Time Away (s)');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^Demo Student,${s.user.email.replaceAll('.', '\\.')},1,40,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},5,5,0,\\d+,\\d+$`));

  // Today's results: the same figures, after the spec's columns, in the table and the CSV
  await author.page.goto('/institute/results');
  const today = author.page.getByRole('row').filter({ hasText: title });
  await expect(today.first()).toContainText('1/40');
  const dayCsv = author.page.waitForEvent('download');
  await author.page.getByRole('button', { name: 'Download CSV' }).click();
  const dayLines = readFileSync(await (await dayCsv).path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(dayLines[0]).toBe('Student,Email,Exam,Score,Total Questions,Started,Submitted,Score (200),Reading (100),Listening (100),Times Left The Exam,Time Away (s)');
  expect(dayLines.find((l) => l.includes(title))).toMatch(/,1,40,[^,]+,[^,]+,5,5,0,\d+,\d+$/);

  // The institute sees everything on the same result.
  await author.page.goto(`/institute/exams/exam/${examId}/results`);
  await author.page.getByRole('button', { name: `View result of ${s.user.email}` }).first().click();
  await author.page.getByRole('button', { name: 'Question 2, wrong' }).click();
  await expect(author.page.getByTestId(`option-${keys.get(2)}`)).toHaveAttribute('data-result', 'answer');
  await expect(author.page.getByTestId('review-note')).toHaveCount(0);
  await author.context.close();
  await student.context.close();

  // The admin's report of the day: the institutes' mean scores after the spec's columns, in the table and the CSV.
  const admin = await browser.newContext({ storageState: stateFile('admin') });
  const report = await admin.newPage();
  await report.goto('/admin/reports');
  // YYYY-MM-DD, the device's day as the page's date fields: the browser's (in Asia/Kathmandu), not this process's
  const day = await report.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await report.getByLabel('Start Date').fill(day);
  await report.getByLabel('End Date').fill(day);
  await report.getByRole('button', { name: 'Generate Report' }).click();
  await expect(report.getByRole('columnheader', { name: 'Average Score (200)' })).toBeVisible();
  const own = report.getByRole('row').filter({ has: report.getByRole('cell', { name: /^\d+(\.\d)?$/ }) }).first();
  await expect(own).toBeVisible();
  const reportCsv = report.waitForEvent('download');
  await report.getByRole('button', { name: 'Download CSV' }).click();
  const reportLines = readFileSync(await (await reportCsv).path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(reportLines[0]).toBe('Institute,Exams Attempted,Average Score (200),Average Reading (100),Average Listening (100)');
  expect(reportLines.slice(1).some((l) => /,[1-9]\d*,\d+(\.\d)?,\d+(\.\d)?,\d+(\.\d)?$/.test(l))).toBe(true);
  await admin.close();
});

test('a student who can sit the exam again cannot read its answers: not after an empty attempt, not during the next', async ({ page }) => {
  test.setTimeout(150_000);
  page.on('dialog', (d) => void d.accept());
  // A student of the demo institute allowed two attempts of the demo exam.
  const inst = storedSession('institute');
  const email = `e2e-review-${Date.now()}@example.com`;
  const created = await page.request.post(`/api/users/createUser/${inst.user._id}`, {
    headers: auth(inst.token),
    data: { firstname: 'Review', lastname: 'Student', email, password: 'password123', confirmPassword: 'password123' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const studentId = ((await created.json()) as { _id: string })._id;
  const demo = storedSession('student');
  const examId = await demoExamId(page.request, demo.token, demo.user._id);
  const access = await page.request.post(`/api/examaccess/create/${inst.user._id}`, {
    headers: auth(inst.token), data: { user: studentId, type: 'SELECTEDEXAM', exams: [{ exam: examId, total_times: 2 }] },
  });
  expect(access.ok(), await access.text()).toBeTruthy();
  const me = await loginAs(page, email, 'password123');
  const keys = await answerKeys(page.request, examId);

  // The attack: an empty attempt, then its result for the answers.
  const first = await takeExamByApi(page.request, me.token, studentId, examId, {});
  const read = page.waitForResponse((r) => r.url().includes(`/api/results/${first}/`));
  await page.goto(`/student/results/${first}`);
  const detail = (await (await read).json()) as { questions: Q[] };
  expect(detail.questions).toHaveLength(40);
  expect(detail.questions.filter((q) => q.answer !== undefined || q.answer_details !== undefined)).toEqual([]);
  await expect(page.getByTestId('review-note')).toHaveText('Correct answers are shown when you can no longer retake this exam.');
  await page.getByRole('button', { name: 'Question 1, not attempted' }).click();
  await expect(page.getByTestId('question-view')).toHaveAttribute('data-question', '1');
  await expect(page.locator('[data-result]')).toHaveCount(0);
  await expect(page.getByTestId('answer-details')).toHaveCount(0);

  // The second (last) attempt: while it runs, the first result still has no answers.
  const running = await startDemoExam(page);
  expect(((await (await running).json()) as { questions: Q[] }).questions.every((q) => q.answer === undefined)).toBe(true);
  await answer(page, 1, keys.get(1)!);
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  const during = await page.request.get(`/api/results/${first}/${studentId}`, { headers: auth(me.token) });
  expect(((await during.json()) as { questions: Q[] }).questions.every((q) => q.answer === undefined)).toBe(true);
  await page.getByRole('button', { name: 'Total Question' }).click();
  await page.getByRole('button', { name: 'Submit And Finish Exam' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('ended-Score')).toHaveText('5 / 200');

  // No attempt left: now the policy (the default, "The correct answers too") shows them.
  await page.goto(`/student/results/${first}`);
  await page.getByRole('button', { name: 'Question 1, not attempted' }).click();
  await expect(page.getByTestId('answer-details')).toContainText(`Correct answer: ${keys.get(1)}`);
  await expect(page.getByTestId('review-note')).toHaveCount(0);
});
