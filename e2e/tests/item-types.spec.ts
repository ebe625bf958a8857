/**
 * The score per item type (issue 38 section 4) in the browser: a new student of the demo institute sits the demo exam
 * on a phone (360 px wide) and reads its result per item type, weakest first, on the result page and the Results page;
 * the institute reads the same on the student's detail (By item type) and the class's on the exam's results.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { auth, loginAs, storedSession, useStoredSession } from '../support/fixtures';
import { answer, answerKeys, demoExamId, startDemoExam, submitFromOverview } from '../support/exam';

/**
 * The demo exam's item types are its numbers' (the EPS-TOPIK blueprint). With 1, 2 and 25 right and nothing else
 * answered: every other type 0 right (more questions first, then the blueprint's order), then picture to answer 1 of 5,
 * then picture to word 2 of 2.
 */
const EXPECTED = [
  'Reading, fill the blank: 0 of 4',
  'Reading, answer a question: 0 of 4',
  'Listening, what you heard: 0 of 4',
  'Listening, question and answer: 0 of 4',
  'Listening, a story: 0 of 3',
  'Reading, related word: 0 of 2',
  'Reading, the correct sentence: 0 of 2',
  'Reading, the topic: 0 of 2',
  'Reading, the same content: 0 of 2',
  'Reading, word and definition: 0 of 2',
  'Listening, the next utterance: 0 of 2',
  'Listening, the related picture: 0 of 2',
  'Listening, picture to answer: 1 of 5',
  'Reading, picture to word: 2 of 2',
];

const lines = (region: Locator) => region.getByTestId('item-type-score').locator('p').allInnerTexts();

async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

test('a student sees its results per item type; the institute sees them for the student and for the class', async ({ page, request }) => {
  test.setTimeout(240_000);
  page.on('dialog', (d) => void d.accept());
  const inst = storedSession('institute');
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `types-${tag}@example.com`;
  const created = await request.post(`/api/users/createUser/${inst.user._id}`, {
    headers: auth(inst.token),
    data: { firstname: 'Maya', lastname: 'Types', email, password: 'password123', confirmPassword: 'password123' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const studentId = ((await created.json()) as { _id: string })._id;
  const access = await request.post(`/api/examaccess/create/${inst.user._id}`, { headers: auth(inst.token), data: { user: studentId, type: 'ALL' } });
  expect(access.ok(), await access.text()).toBeTruthy();

  // the student, on a phone
  await page.setViewportSize({ width: 360, height: 740 });
  const student = await loginAs(page, email, 'password123');
  const examId = await demoExamId(page.request, student.token, studentId);
  const key = await answerKeys(page.request, examId);
  await startDemoExam(page);
  for (const n of [1, 2, 25]) await answer(page, n, key.get(n)!);
  const resultId = await submitFromOverview(page);

  // the result page: this result per item type, weakest first, as words (the bars are for the eye only)
  await page.goto(`/student/results/${resultId}`);
  const onResult = page.getByRole('region', { name: 'Score by item type' });
  await expect(onResult).toBeVisible({ timeout: 30_000 });
  await expect(onResult).toContainText('This result. Weakest first.');
  expect(await lines(onResult)).toEqual(EXPECTED);
  await onResult.getByTestId('item-type-score').last().scrollIntoViewIfNeeded();
  await expectNoSideScroll(page);

  // the Results page: across the student's results (one so far)
  await page.goto('/student/results');
  const onResults = page.getByRole('region', { name: 'Score by item type' });
  await expect(onResults).toBeVisible({ timeout: 30_000 });
  await expect(onResults).toContainText('All your results. Across 1 result. Weakest first.');
  expect(await lines(onResults)).toEqual(EXPECTED);
  await expectNoSideScroll(page);

  // the institute: the student's detail, By item type
  await page.setViewportSize({ width: 1280, height: 800 });
  await useStoredSession(page, 'institute');
  await page.goto(`/institute/users/${studentId}`);
  await page.getByRole('tab', { name: 'By item type' }).click();
  const onDetail = page.getByRole('region', { name: 'Score by item type' });
  await expect(onDetail).toBeVisible({ timeout: 30_000 });
  await expect(onDetail).toContainText("All of this student's results. Across 1 result.");
  expect(await lines(onDetail)).toEqual(EXPECTED);

  // and the class's on the exam's results (the institute's students' results of the demo exam: the server's count)
  const classRes = await request.get(`/api/results/item-types/exam/${examId}/${inst.user._id}`, { headers: auth(inst.token) });
  expect(classRes.ok(), await classRes.text()).toBeTruthy();
  const cls = (await classRes.json()) as { results: number; types: unknown[] };
  expect(cls.results).toBeGreaterThanOrEqual(1);
  await page.goto(`/institute/exams/exam/${examId}/results`);
  const onExam = page.getByRole('region', { name: 'Score by item type' });
  await expect(onExam).toBeVisible({ timeout: 30_000 });
  await expect(onExam).toContainText(`All results of this exam you can see. Across ${cls.results} result${cls.results === 1 ? '' : 's'}.`);
  await expect(onExam.getByTestId('item-type-score')).toHaveCount(cls.types.length);
});
