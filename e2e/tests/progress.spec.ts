/**
 * The student's progress (issue 23): two attempts of the demo exam in the browser, their section scores, the progress
 * chart with its text alternative and the rank on the Results page, and the result sheet printed by Chromium to PDF:
 * one A4 page with the figures; under the review policy "Score only" the sheet has no right/wrong grid.
 */
import { expect, test, type Page } from '@playwright/test';
import { auth, stateFile, storedSession } from '../support/fixtures';
import { DEMO_EXAM, answer, answerKeys, demoExamId, finishRunningAttempt, startDemoExam, submitFromOverview } from '../support/exam';

test.use({ storageState: stateFile('student') });

interface Rank { resultId: string; rank: number; of: number; percentile: number }
const ordinal = (n: number) => `${n}${[11, 12, 13].includes(n % 100) ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;

/** Sits the demo exam in the browser with these picks (question number → option) and returns the result's id. */
async function sitDemoExam(page: Page, picks: Record<number, string>, expected: { score: string; reading: string; listening: string }) {
  await startDemoExam(page);
  for (const [n, option] of Object.entries(picks)) await answer(page, Number(n), option);
  const resultId = await submitFromOverview(page);
  await expect(page.getByTestId('ended-Score')).toHaveText(expected.score);
  await expect(page.getByTestId('ended-Reading')).toHaveText(expected.reading);
  await expect(page.getByTestId('ended-Listening')).toHaveText(expected.listening);
  return resultId;
}

/** The PDF's page count and text (pdfjs-dist, in Node). */
async function readPdf(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return { pages: doc.numPages, text: texts.join('\n').replace(/\s+/g, ' ') };
}

test('two attempts: section scores, the progress chart and rank, and a one-page printed result sheet', async ({ page }) => {
  test.setTimeout(240_000);
  page.on('dialog', (d) => void d.accept());
  const s = storedSession('student');
  const student = s.user as typeof s.user & { first_name: string; last_name: string };
  const userId = s.user._id;
  const examId = await demoExamId(page.request, s.token, userId);
  await finishRunningAttempt(page.request, s.token, userId, examId);
  const key = await answerKeys(page.request, examId);

  // First attempt: question 1 right, nothing else
  const first = await sitDemoExam(page, { 1: key.get(1)! }, { score: '5 / 200', reading: '5 / 100', listening: '0 / 100' });

  // Second attempt: questions 1, 2 and 21 right
  const second = await sitDemoExam(page, { 1: key.get(1)!, 2: key.get(2)!, 21: key.get(21)! }, { score: '15 / 200', reading: '10 / 100', listening: '5 / 100' });

  // The server's ranks: the better attempt ranks higher, among the same attempts
  const ranksRes = await page.request.get(`/api/results/ranks/${userId}`, { headers: auth(s.token) });
  const ranks = new Map(((await ranksRes.json()) as { ranks: Rank[] }).ranks.map((r) => [r.resultId, r]));
  const r1 = ranks.get(first)!;
  const r2 = ranks.get(second)!;
  expect(r2.of).toBe(r1.of);
  expect(r1.of).toBeGreaterThanOrEqual(2);
  expect(r2.rank).toBeLessThan(r1.rank);
  expect(r2.percentile).toBeGreaterThan(r1.percentile);
  const rankText = (r: Rank) => `${ordinal(r.rank)} of ${r.of}, percentile ${r.percentile}`;

  // Results: section scores and rank in the table, the chart drawn, its text alternative
  await page.goto('/student/results');
  const table = page.getByRole('table', { name: 'List of Results' });
  const row2 = table.getByRole('row').filter({ has: page.getByRole('button', { name: `View result of ${DEMO_EXAM}` }) }).first();
  await expect(row2).toContainText(rankText(r2), { timeout: 30_000 }); // the list's first load (slow on a busy machine)
  const column = async (name: string) => (await table.getByRole('columnheader').allInnerTexts()).indexOf(name);
  await expect(row2.getByRole('cell').nth(await column('Score (200)'))).toHaveText('15');
  await expect(row2.getByRole('cell').nth(await column('Reading (100)'))).toHaveText('10');
  await expect(row2.getByRole('cell').nth(await column('Listening (100)'))).toHaveText('5');
  await expect(table).toContainText(rankText(r1));
  await expect(page.getByTestId('rank-note')).toContainText('your institute');

  const figure = page.getByRole('figure', { name: 'Your progress' });
  await expect(figure).toBeVisible();
  await expect(figure.locator('canvas').first()).toBeVisible();
  const box = await figure.locator('canvas').first().boundingBox();
  expect(box!.width).toBeGreaterThan(200);
  // (other tests of the run may have left the student more results: the count is the server's)
  const list = await page.request.get(`/api/results/user/${userId}`, { headers: auth(s.token) });
  const count = ((await list.json()) as { results: unknown[] }).results.length;
  await expect(page.getByTestId('progress-summary')).toContainText(`${count} attempts from`);
  await expect(page.getByTestId('progress-summary')).toContainText('latest score 15 / 200 (Reading 10 / 100, Listening 5 / 100)');
  await expect(page.getByTestId('progress-table').getByRole('row')).toHaveCount(count + 1);
  const chartRows = page.getByTestId('progress-table').getByRole('row');
  await expect(chartRows.last()).toContainText('EPS-TOPIK Mock Test 1');
  await expect(chartRows.last().getByRole('cell').nth(2)).toHaveText('15');
  await expect(chartRows.nth(-2).getByRole('cell').nth(2)).toHaveText('5');
  await expect(page.getByTestId('progress-empty')).toHaveCount(0);

  // The sheet of the second attempt, from its result page
  await row2.getByRole('button', { name: `View result of ${DEMO_EXAM}` }).click();
  await expect(page).toHaveURL(new RegExp(`/student/results/${second}$`));
  await page.getByRole('button', { name: 'Print result sheet', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/student/results/${second}/print$`));
  const sheet = page.getByTestId('result-sheet');
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
  await expect(sheet.getByTestId('sheet-Student')).toHaveText(`${student.first_name} ${student.last_name}`.trim());
  await expect(sheet.getByTestId('sheet-Institute')).toHaveText((s.institute as { name: string }).name);
  await expect(sheet.getByTestId('sheet-Exam')).toHaveText(DEMO_EXAM);
  await expect(sheet.getByTestId('sheet-Score')).toHaveText('15 / 200');
  await expect(sheet.getByTestId('sheet-Reading')).toHaveText('10 / 100');
  await expect(sheet.getByTestId('sheet-Listening')).toHaveText('5 / 100');
  await expect(sheet.getByTestId('sheet-Rank')).toHaveText(`${ordinal(r2.rank)} of ${r2.of}`);
  await expect(sheet.getByTestId('sheet-Rank-note')).toHaveText(`percentile ${r2.percentile}`);
  const cells = sheet.getByRole('listitem');
  await expect(cells).toHaveCount(40);
  await expect(sheet.getByRole('listitem', { name: 'Question 1, right' })).toBeVisible();
  await expect(sheet.getByRole('listitem', { name: 'Question 21, right' })).toBeVisible();
  await expect(sheet.getByRole('listitem', { name: 'Question 3, not attempted' })).toBeVisible();

  // The Print button opens the browser's print
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => { (window as unknown as { printed: number }).printed++; };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // Printed by Chromium: one A4 page carrying the figures, without the screen's buttons
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  await test.info().attach('result-sheet.pdf', { body: pdf, contentType: 'application/pdf' });
  const { pages, text } = await readPdf(pdf);
  expect(pages).toBe(1);
  for (const figureText of ['Result Sheet', DEMO_EXAM, '15 / 200', '10 / 100', '5 / 100', `${ordinal(r2.rank)} of ${r2.of}`,
    (s.institute as { name: string }).name, student.first_name]) {
    expect(text).toContain(figureText);
  }
  expect(text).not.toContain('Back');
  await page.emulateMedia({ media: 'screen' });
});

test('under the review policy "Score only" the student\'s sheet has no right/wrong grid', async ({ page }) => {
  const s = storedSession('student');
  const admin = storedSession('admin');
  const examId = await demoExamId(page.request, s.token, s.user._id);
  const list = await page.request.get(`/api/results/user/${s.user._id}`, { headers: auth(s.token) });
  const resultId = ((await list.json()) as { results: { _id: string; exam_id: string }[] }).results.find((r) => r.exam_id === examId)?._id;
  expect(resultId, 'the first test left a result of the demo exam').toBeTruthy();

  const examRes = await page.request.get(`/api/exams/exam/${examId}/${admin.user._id}`, { headers: auth(admin.token) });
  expect(examRes.ok(), await examRes.text()).toBeTruthy();
  const exam = (await examRes.json()) as { title: string; type: string; is_cbt: boolean; category: { _id: string } | null; exam?: string; review_policy: string };
  const setPolicy = async (policy: string) => {
    const res = await page.request.put(`/api/exams/${examId}/${admin.user._id}`, {
      headers: auth(admin.token),
      data: { title: exam.title, type: exam.type, is_cbt: exam.is_cbt, category: exam.category?._id ?? null, ...(exam.exam ? { exam: exam.exam } : {}), review_policy: policy },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  };
  await setPolicy('score');
  try {
    await page.goto(`/student/results/${resultId}/print`);
    await expect(page.getByTestId('sheet-Score')).toBeVisible();
    await expect(page.getByTestId('sheet-no-grid')).toContainText('score only');
    await expect(page.getByTestId('sheet-grid')).toHaveCount(0);
    await expect(page.getByRole('listitem', { name: /^Question \d+/ })).toHaveCount(0);
  } finally {
    await setPolicy(exam.review_policy);
  }
});
