/**
 * Listening play limits in a real browser: the admin sets "1 time" in the exam dialog; the student sees the plays
 * left, plays the audio once (real playback in Chromium), is refused after it (the control disabled with the reason,
 * and by the server), still after a reload; a play started offline is counted when the connection returns and holds
 * the limit meanwhile.
 *
 * The exam is a copy of the demo exam made for this test through the API (the demo exam itself stays without a limit
 * for the other specs), deleted at the end.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { auth, expectToast, stateFile, storedSession } from '../support/fixtures';
import { DEMO_EXAM, demoExamId, finishRunningAttempt, openQuestion, type Q } from '../support/exam';

const admin = () => storedSession('admin');
const student = () => storedSession('student');
const title = `E2E play limit ${Date.now()}`;
let examId = '';

/** A published copy of the demo exam (its 40 questions and media), owned by the admin, public. */
async function copyDemoExam(request: APIRequestContext): Promise<string> {
  const a = admin();
  const s = student();
  const demo = await demoExamId(request, s.token, s.user._id);
  const created = await request.post(`/api/exams/create/${a.user._id}`, { headers: auth(a.token), data: { title, is_cbt: false, type: 'public' } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()) as { _id: string })._id;
  const source = await request.get(`/api/questions/${demo}/${a.user._id}`, { headers: auth(a.token) });
  expect(source.ok()).toBeTruthy();
  const notFields = new Set(['_id', 'exam', 'createdAt', 'updatedAt']);
  for (const q of (await source.json()) as Record<string, unknown>[]) {
    const fields = Object.fromEntries(Object.entries(q).filter(([k]) => !notFields.has(k)));
    const res = await request.post(`/api/questions/create/new/${id}/${a.user._id}`, { headers: auth(a.token), data: fields });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const published = await request.put(`/api/exams/publish/${id}/${a.user._id}`, { headers: auth(a.token) });
  expect(published.ok(), await published.text()).toBeTruthy();
  return id;
}

async function startExam(page: Page) {
  await page.goto('/student/exams');
  await page.getByRole('button', { name: `Start ${title}` }).click();
  await expect(page).toHaveURL(/\/student\/exams\/start\//);
  // the rules before the exam say so
  await expect(page.getByTestId('play-limit')).toHaveText(/^Each listening audio can be played only once in this exam/);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/student\/exams\/exam\//);
  await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
}

/** The server's counts of the running attempt (what another device or a reload gets). */
async function serverCounts(request: APIRequestContext) {
  const s = student();
  const res = await request.get(`/api/attempts/running/${examId}/${s.user._id}`, { headers: auth(s.token) });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { attempt: { _id: string }; questions: Q[]; listeningStatus: Record<string, Record<string, number>>; playLimit: number | null };
}

test.describe('listening play limits', () => {
  test.beforeAll(async ({ request }) => {
    examId = await copyDemoExam(request);
  });
  test.afterAll(async ({ request }) => {
    const s = student();
    await finishRunningAttempt(request, s.token, s.user._id, examId);
    const a = admin();
    if (examId) await request.delete(`/api/exams/${examId}/${a.user._id}`, { headers: auth(a.token) });
  });

  test('the author sets 1 play per audio; the student plays once, is refused after, still after a reload; an offline play counts when back', async ({ browser }) => {
    test.setTimeout(150_000);
    expect(title).not.toBe(DEMO_EXAM);

    // The admin sets the limit in the exam dialog.
    const adminContext = await browser.newContext({ storageState: stateFile('admin') });
    const author = await adminContext.newPage();
    await author.goto('/admin');
    await author.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Exam List' }).click();
    const card = author.getByRole('article', { name: title });
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = author.getByRole('dialog', { name: 'Edit Exam' });
    const select = dialog.getByLabel('Listening plays per audio');
    await expect(select).toHaveValue('none'); // "No limit" by default
    await expect(select.locator('option')).toHaveText(['No limit', '1 time', '2 times', '3 times']);
    await select.selectOption({ label: '1 time' });
    await dialog.getByRole('button', { name: 'Update Exam' }).click();
    await expectToast(author, 'Successfully Updated Exam');
    await expect(dialog).toBeHidden();
    // reopened, the dialog shows it
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(author.getByRole('dialog', { name: 'Edit Exam' }).getByLabel('Listening plays per audio')).toHaveValue('1');
    await adminContext.close();

    // The student.
    const context = await browser.newContext({ storageState: stateFile('student') });
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept()); // "Exam is Running": leave the page (the reload)
    const s = student();
    await finishRunningAttempt(page.request, s.token, s.user._id, examId);
    await startExam(page);
    await expect(page.getByTestId('audio-ready')).toHaveText(/audio ready (\d+)\/\1$/, { timeout: 30_000 });

    await openQuestion(page, 25);
    const play = page.getByRole('button', { name: 'Play question 25 audio' });
    const left = page.getByTestId('plays-left-main');
    await expect(left).toHaveText('Plays left: 1');
    await expect(page.getByTestId('plays-left-option1')).toHaveText('Plays left: 1');
    await expect(play).toHaveAccessibleDescription('Plays left: 1');
    // nothing has played by itself: the first play is the student's tap
    const audio = page.getByTestId('question-view').locator('audio').first();
    expect(await audio.evaluate((el: HTMLAudioElement) => el.paused && el.played.length === 0)).toBe(true);

    await play.click();
    // while it plays: the plays left say 0, navigation is locked, and the browser really plays it
    await expect(left).toHaveText('Plays left: 0');
    await expect(page.getByRole('button', { name: 'Stop question 25 audio' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { message: 'the audio plays' }).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled({ timeout: 30_000 }); // the clip ended
    expect(await audio.evaluate((el: HTMLAudioElement) => el.ended || el.played.length > 0)).toBe(true);

    // none left: the control is disabled with the reason, and stays so from the keyboard
    await expect(left).toHaveText('No plays left');
    await expect(play).toBeDisabled();
    await expect(play).toHaveAttribute('aria-disabled', 'true');
    await expect(play).toHaveAccessibleDescription('No plays left');
    await play.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await expect(left).toHaveText('No plays left');
    expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);

    // the server counted one play and refuses another (another device, a forged request)
    let counts = await serverCounts(page.request);
    expect(counts.playLimit).toBe(1);
    const q25 = counts.questions.find((q) => q.question_number === 25)!;
    await expect.poll(async () => (await serverCounts(page.request)).listeningStatus[q25._id]?.main).toBe(1);
    const refused = await page.request.put(`/api/attempts/${counts.attempt._id}/listening/${s.user._id}`, {
      headers: auth(s.token), data: { question: q25._id, audio: 'main', playId: 'e2e-another-device-0001' },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toBe('No plays left for this audio');

    // a reload changes nothing
    await page.reload();
    await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
    await openQuestion(page, 25);
    await expect(page.getByTestId('plays-left-main')).toHaveText('No plays left');
    await expect(page.getByRole('button', { name: 'Play question 25 audio' })).toBeDisabled();
    await expect(page.getByTestId('plays-left-option1')).toHaveText('Plays left: 1');

    // offline: option 1's play is counted on the device (the limit holds), and by the server when the connection is back
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Play option 1 audio' }).click();
    await expect(page.getByTestId('plays-left-option1')).toHaveText(/^(Plays left: 0|No plays left)$/);
    await expect(page.getByTestId('plays-left-option1')).toHaveText('No plays left', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Play option 1 audio' })).toBeDisabled();
    await context.setOffline(false);
    await expect.poll(async () => (await serverCounts(page.request)).listeningStatus[q25._id]?.option1, { timeout: 30_000 }).toBe(1);
    counts = await serverCounts(page.request);
    expect(counts.listeningStatus[q25._id]).toEqual({ main: 1, option1: 1 });
    await context.close();
  });
});
