/**
 * The student's exam in a real browser: start, answer, listen (navigation locked while audio plays), reload, go
 * offline and back, submit, check the figures and the result detail; a reload on a stalled link or a failing server;
 * and an attempt that expires with the tab closed.
 */
import { expect, request as apiRequest, test } from '@playwright/test';
import { DEMO, auth, loginApi, loginAs, stateFile, storedSession } from '../support/fixtures';
import { DEMO_EXAM, answer, answerKeys, demoExamId, finishRunningAttempt, mmss, openQuestion, startDemoExam, type Q } from '../support/exam';

const SHORT_URL = process.env.E2E_SHORT_URL ?? `http://127.0.0.1:${Number(process.env.E2E_SHORT_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 50)}`;

// The demo student, signed in once by the setup project. (The expiry test signs in on the short-exam server: another
// deployment, with its own accounts and tokens.)
test.use({ storageState: stateFile('student') });

test('a student takes the demo exam: answers, audio, reload, offline, submit, result detail', async ({ page, context }) => {
  test.setTimeout(180_000);
  // the "Exam is Running" prompt: accepted (reload), or dismissed once when dismissNext is set (logout)
  const prompts: string[] = [];
  let dismissNext = false;
  page.on('dialog', (d) => {
    prompts.push(d.message());
    if (dismissNext) {
      dismissNext = false;
      void d.dismiss();
    } else void d.accept();
  });
  const s = storedSession('student');
  const userId = s.user._id;
  const examId = await demoExamId(page.request, s.token, userId);
  await finishRunningAttempt(page.request, s.token, userId, examId);

  const runningRes = await startDemoExam(page);
  // questions sent while the attempt runs carry no answer
  const running = (await (await runningRes).json()) as { questions: Q[] };
  expect(running.questions).toHaveLength(40);
  for (const q of running.questions) {
    expect(q.answer).toBeUndefined();
    expect(q.answer_details).toBeUndefined();
  }

  await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
  await expect(page.getByTestId('count-solved')).toHaveText('Solved: 0');
  await expect(page.getByRole('button', { name: 'EPS-TOPIK home' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
  await expect(page.getByTestId('audio-ready')).toHaveText(/audio ready (\d+)\/\1$/, { timeout: 30_000 });

  const given: Record<number, string> = {};
  const choose = async (n: number, option: string) => {
    await answer(page, n, option);
    given[n] = option;
  };
  await choose(1, '2'); // the demo exam's answer (a green one)
  await choose(2, '1'); // not its answer (a red one)
  await choose(3, '3');
  const status = page.getByRole('status').filter({ hasText: /saved|Saving|Offline|retrying/ });
  await expect(status).toHaveText('All answers saved');

  // Logout from the avatar menu mid-exam asks first (once); answering No keeps the student in the exam
  dismissNext = true;
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect.poll(() => prompts.length).toBe(1);
  expect(prompts[0]).toBe('Exam is Running, it will affect the unsaved changes, Are you sure want to quit?');
  await expect(page).toHaveURL(/\/student\/exams\/exam\//);
  await expect(page.getByText('Remaining questions: 37')).toBeVisible();
  await expect(page.getByTestId('countdown')).toBeVisible();
  await page.keyboard.press('Escape');

  // Listening: navigation is locked while the audio plays, the play is counted
  await openQuestion(page, 25);
  await expect(page.getByTestId('play-count-main')).toHaveText('Played 0 times');
  await page.getByRole('button', { name: 'Play question 25 audio' }).click();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Total Question' })).toBeDisabled();
  await expect(page.getByTestId('play-count-main')).toHaveText('Played 1 time');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled({ timeout: 20_000 }); // the clip ended
  await page.getByRole('radio', { name: /^Option 3/ }).click();
  given[25] = '3';
  await expect(status).toHaveText('All answers saved');

  // Reload mid-exam: same attempt, answers, play counts and the true remaining time
  const before = mmss(await page.getByTestId('countdown').innerText());
  expect(before).toBeLessThan(50 * 60);
  await page.reload();
  await expect(page.getByTestId('count-solved')).toHaveText('Solved: 4');
  const after = mmss(await page.getByTestId('countdown').innerText());
  expect(after).toBeLessThanOrEqual(before);
  expect(before - after).toBeLessThan(60);
  await expect(page.getByRole('button', { name: /^Question 2 \(solved\)/ })).toBeVisible();
  await openQuestion(page, 25);
  await expect(page.getByTestId('play-count-main')).toHaveText('Played 1 time');
  await expect(page.getByRole('radio', { name: /^Option 3/ })).toHaveAttribute('aria-checked', 'true');

  // Offline: choices stay on the device, then go out when the connection is back
  await context.setOffline(true);
  await choose(4, '1');
  await expect(status).toHaveText('Offline — answers kept on this device');
  await choose(5, '4');
  await expect(status).toHaveText('Offline — answers kept on this device');
  await context.setOffline(false);
  await expect(status).toHaveText('All answers saved', { timeout: 20_000 });

  // Submit
  await page.getByRole('button', { name: 'Total Question' }).click();
  await expect(page.getByTestId('count-solved')).toHaveText('Solved: 6');
  await page.getByRole('button', { name: 'Submit And Finish Exam' }).click();
  await expect(page.getByText('Time is still remaining , Are you sure want to submit and end exam?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  const ended = page.getByTestId('exam-ended');
  await expect(ended.getByText('Congratulation, Exam Ended')).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Result Saved Sucessfully' }).first()).toBeVisible();
  const figure = async (k: string) => (await page.getByTestId(`ended-${k}`).innerText()).trim();
  const shown = {
    total: await figure('Total Questions'), attempted: await figure('Total Attempt'), correct: await figure('Total Correct'),
    percentage: await figure('Your Percentage'), name: await figure('Name'), uid: await figure('Exam id'),
  };
  await page.getByRole('button', { name: 'View Result' }).click();
  await expect(page).toHaveURL(/\/student\/results\/[^/]+$/);
  const resultId = page.url().split('/').pop()!;

  // Expected figures from the answers given and the correct answers. The student may sit the demo exam again, so their
  // result withholds the answer keys (the exam's default review policy): the admin reads them.
  const detail = await page.request.get(`/api/results/${resultId}/${userId}`, { headers: auth(s.token) });
  expect(detail.ok()).toBeTruthy();
  const mine = (await detail.json()) as { questions: Q[]; review: { shows: string; canRetake: boolean } };
  expect(mine.review).toMatchObject({ shows: 'marks', canRetake: true });
  expect(mine.questions.every((q) => q.answer === undefined && q.answer_details === undefined)).toBe(true);
  const keys = await answerKeys(page.request, examId);
  const byNumber = new Map([...keys].map(([n, answer]) => [n, { answer }]));
  const correct = Object.entries(given).filter(([n, a]) => byNumber.get(Number(n))?.answer === a).length;
  expect(shown.total).toBe('40');
  expect(shown.attempted).toBe(String(Object.keys(given).length));
  expect(shown.correct).toBe(String(correct));
  expect(shown.percentage).toBe(`${((correct / 40) * 100).toFixed(2)}%`);
  expect(shown.name).toBe('Demo Student');
  expect(shown.uid).not.toBe('');
  expect(byNumber.get(1)?.answer).toBe('2');
  expect(byNumber.get(2)?.answer).not.toBe('1');

  // Result detail: green for a right choice, red for a wrong one; the correct answer is not revealed while the student
  // can sit the exam again, and the page says so
  await expect(page.getByTestId('review-note')).toHaveText('Correct answers are shown when you can no longer retake this exam.');
  await page.getByRole('button', { name: 'Question 1, correct' }).click();
  await expect(page.getByTestId('option-2')).toHaveAttribute('data-result', 'correct');
  await page.getByRole('button', { name: 'Question 2, wrong' }).click();
  await expect(page.getByTestId('option-1')).toHaveAttribute('data-result', 'wrong');
  await expect(page.getByTestId(`option-${byNumber.get(2)!.answer}`)).not.toHaveAttribute('data-result', /.+/);
  const bg = (id: string) => page.getByTestId(id).evaluate((el) => getComputedStyle(el).backgroundColor);
  const rgb = (c: string) => c.match(/\d+/g)!.map(Number);
  const red = await bg('option-1');
  expect(rgb(red)[0]!).toBeGreaterThan(rgb(red)[1]!); // reddish
  await page.getByRole('button', { name: 'Question 1, correct' }).click();
  const green = await bg('option-2');
  expect(rgb(green)[1]!).toBeGreaterThan(rgb(green)[0]!); // greenish
  await expect(page.getByTestId('answer-details')).toHaveCount(0);

  // The list shows it
  await page.goto('/student/results');
  await expect(page.getByRole('heading', { name: 'List of Results' }).or(page.getByText('List of Results'))).toBeVisible();
  await expect(page.getByRole('button', { name: `View result of ${DEMO_EXAM}` }).first()).toBeVisible();
});

test('a reload on a stalled link or a failing server shows the exam from the device, until the server\'s answer takes over', async ({ page }) => {
  test.setTimeout(90_000);
  page.on('dialog', (d) => void d.accept()); // "Exam is Running": leave the page (the reload)
  const s = storedSession('student');
  const examId = await demoExamId(page.request, s.token, s.user._id);
  await finishRunningAttempt(page.request, s.token, s.user._id, examId);
  await startDemoExam(page);
  await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
  await answer(page, 1, '2');
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');

  // The browser thinks it is online, but the server's answer is held back (until release(), below).
  let release!: () => void;
  const released = new Promise<void>((r) => { release = r; });
  await page.route('**/api/attempts/running/**', async (route) => {
    await released;
    await route.continue();
  });
  // (the copy shows once the request has been out a few seconds: the page waits on it, not on a clock of its own;
  // how soon a student sees it is a matter for the bench, not for a timed test on a shared machine)
  await page.reload();
  await expect(page.getByTestId('device-copy')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('count-solved')).toHaveText('Solved: 1'); // a reload opens the overview
  release();
  await expect(page.getByTestId('device-copy')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('count-solved')).toHaveText('Solved: 1');
  await page.unroute('**/api/attempts/running/**');

  // A failing server (502 from a proxy) shows the copy too, and it is asked again until it answers.
  await page.route('**/api/attempts/running/**', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }));
  await page.reload();
  await expect(page.getByTestId('device-copy')).toBeVisible();
  await expect(page.getByTestId('count-solved')).toHaveText('Solved: 1');
  await page.unroute('**/api/attempts/running/**');
  await expect(page.getByTestId('device-copy')).toHaveCount(0, { timeout: 30_000 });
  await finishRunningAttempt(page.request, s.token, s.user._id, examId);
});

test('an attempt left with the tab closed is closed by the server from its saved answers', async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL: SHORT_URL });
  const page = await context.newPage();
  const s = await loginAs(page, DEMO.student.email, DEMO.student.password);
  const userId = s.user._id;
  const examId = await demoExamId(page.request, s.token, userId);
  await finishRunningAttempt(page.request, s.token, userId, examId);
  const before = await page.request.get(`/api/results/user/${userId}`, { headers: auth(s.token) });
  const idsBefore = new Set(((await before.json()) as { results: { _id: string }[] }).results.map((r) => r._id));

  await startDemoExam(page);
  await expect(page.getByTestId('countdown')).toHaveText(/^00:[0-2]\d$/);
  await answer(page, 1, '2');
  await answer(page, 2, '1');
  await answer(page, 3, '4');
  await expect(page.getByRole('status').filter({ hasText: /saved|Saving|Offline|retrying/ })).toHaveText('All answers saved');
  await page.close({ runBeforeUnload: false });

  // deadline (20 s) + grace (2 s) + sweep (2 s): the server closes the attempt by itself
  const api = await apiRequest.newContext({ baseURL: SHORT_URL });
  const token = (await loginApi(api, DEMO.student.email, DEMO.student.password)).token;
  let result: { _id: string; exam_id: string; attempted: number; score: number } | undefined;
  await expect
    .poll(async () => {
      const res = await api.get(`/api/results/user/${userId}`, { headers: auth(token) });
      const { results } = (await res.json()) as { results: { _id: string; exam_id: string; attempted: number; score: number }[] };
      result = results.find((r) => r.exam_id === examId && !idsBefore.has(r._id));
      return !!result;
    }, { timeout: 90_000, intervals: [2000] })
    .toBe(true);
  expect(result).toBeTruthy();
  expect(result!.attempted).toBe(3);
  // the answer keys as that deployment's admin reads them (the student's result withholds them: a retake is possible)
  const byNumber = await answerKeys(api, examId, await loginApi(api, DEMO.admin.email, DEMO.admin.password));
  const expected = [[1, '2'], [2, '1'], [3, '4']].filter(([n, a]) => byNumber.get(n as number) === a).length;
  expect(result!.score).toBe(expected);
  const running = await api.get(`/api/attempts/running/${examId}/${userId}`, { headers: auth(token) });
  expect(running.status()).toBe(404);
  await api.dispose();
  await context.close();
});
