/**
 * The exam on the device before the clock runs (issue 22): the start page downloads the exam (its questions and every
 * image and audio, into the service worker's media cache) with its progress, says when it can be taken offline, and
 * the exam is then taken and submitted with the connection gone; a download cut by a dropped connection goes on from
 * where it was, and no file the device has is fetched again.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { MEDIA_CACHE } from '../../shared-api/src/media-cache';
import { formatBytes } from '../../student-app/src/exam/size';
import { auth, stateFile, storedSession } from '../support/fixtures';
import { DEMO_EXAM, answer, demoExamId, finishRunningAttempt, mmss, openQuestion, type Q } from '../support/exam';

test.use({ serviceWorkers: 'allow', storageState: stateFile('student') });

const COMPLETE = 'The exam is on this device: it can be taken without a connection.';
const PROGRESS = /^Downloading the exam: (\d+(?:\.\d)?) of (\d+(?:\.\d)?) (MB|kB|B)$/;

interface Question extends Q {
  type: string;
  main_heading_image: boolean;
  description_image: boolean;
  option_type: string;
  listening: string;
}
interface Package { examId: string; questions: Question[]; files: { url: string; bytes: number }[]; bytes: number }

/**
 * The media requests that reach the network, per path, counted where Playwright routes them (the worker's own
 * fetches: the page is in its control, freshStudent). Registered before any other media route of the test, so it runs
 * last: the others pass a request on with route.fallback() (or fail it, and then it never reached the server).
 */
async function countServedMedia(context: BrowserContext) {
  const served = new Map<string, number>();
  await context.route('**/media/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    served.set(path, (served.get(path) ?? 0) + 1);
    await route.continue().catch(() => undefined); // the request may have been given up meanwhile
  });
  return served;
}

const cachedMedia = (page: Page) =>
  page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), MEDIA_CACHE);

/** The demo student with no attempt running and an empty media cache, the worker in control. */
async function freshStudent(page: Page) {
  const s = storedSession('student');
  const examId = await demoExamId(page.request, s.token, s.user._id);
  await finishRunningAttempt(page.request, s.token, s.user._id, examId);
  await page.goto('/student');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.evaluate((name) => caches.delete(name), MEDIA_CACHE);
  return { s, examId };
}

/** Holds the server's answer for `path` until release() (the progress can be read meanwhile). */
async function hold(context: BrowserContext, path: string) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await context.route(`**${path}`, async (route) => {
    await gate;
    await route.fallback().catch(() => undefined); // on to countServedMedia (the request may have been given up)
  });
  return async () => {
    release();
    await context.unroute(`**${path}`);
  };
}

/**
 * The package the start page downloads, as the server sends it (the server may make renditions meanwhile: the file
 * list is the page's, not one asked before), the last of its files held (hold) until released.
 */
async function watchPackage(page: Page, context: BrowserContext) {
  let resolvePkg!: (p: Package) => void;
  const pkg = new Promise<Package>((r) => (resolvePkg = r));
  let release: (() => Promise<void>) | undefined;
  await page.route('**/api/exams/download/**', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as Package;
    release ??= await hold(context, body.files.at(-1)!.url);
    resolvePkg(body);
    await route.fulfill({ response: res, json: body });
  });
  return { pkg, release: async () => {
    await pkg;
    await release!();
    await page.unroute('**/api/exams/download/**');
  } };
}

function progressBytes(text: string): [number, number] {
  const m = PROGRESS.exec(text);
  expect(m, text).toBeTruthy();
  return [Number(m![1]), Number(m![2])];
}

test('the start page downloads the exam; with the connection gone after Get Started, the whole exam is taken and submitted when it returns', async ({ page, context }) => {
  test.setTimeout(180_000);
  page.on('dialog', (d) => void d.accept());
  const { s, examId } = await freshStudent(page);
  const served = await countServedMedia(context);

  // the size, on the list and on the start page, before anything is downloaded
  const list = page.waitForResponse((r) => r.url().includes('/api/exams/published/users/'));
  const watched = await watchPackage(page, context);
  await page.goto('/student/exams');
  const listed = (await (await list).json()) as { _id: string; downloadBytes: number }[];
  const size = `Download: ${formatBytes(listed.find((e) => e._id === examId)!.downloadBytes)}`;
  const card = page.getByRole('article', { name: DEMO_EXAM });
  await expect(card.getByTestId('exam-size')).toHaveText(size);
  await card.getByRole('button', { name: `Start ${DEMO_EXAM}` }).click();
  await expect(page).toHaveURL(/\/student\/exams\/start\//);
  await expect(page.getByTestId('download-size')).toHaveText(size);
  const pkg = await watched.pkg;
  expect(pkg.files.length).toBeGreaterThan(20);

  // the download: its progress while one file is held, Get Started waiting for it
  const getStarted = page.getByRole('button', { name: 'Get Started' });
  const progress = page.getByTestId('download-progress');
  await expect(progress).toHaveText(PROGRESS);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(getStarted).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Start without downloading' })).toBeEnabled();
  await expect(page.getByText('Audio and images need the connection')).toBeVisible();
  const [done, total] = progressBytes(await progress.innerText());
  expect(done).toBeLessThan(total);
  await watched.release();
  await expect(page.getByTestId('download-complete')).toHaveText(COMPLETE, { timeout: 60_000 });
  await expect(page.getByTestId('download-announcement')).toHaveText(COMPLETE);
  await expect(getStarted).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Start without downloading' })).toHaveCount(0);
  // every file of the exam on the device, each fetched once from the server
  expect(await cachedMedia(page)).toEqual(expect.arrayContaining(pkg.files.map((f) => f.url)));
  await expect.poll(() => pkg.files.filter((f) => served.has(f.url)).length).toBe(pkg.files.length);
  for (const f of pkg.files) expect(served.get(f.url) ?? 0, f.url).toBe(1);

  // offline before Get Started: the exam is on the device, but the clock is the server's
  await context.setOffline(true);
  await expect(page.getByTestId('start-offline')).toHaveText(/^You are offline\. Get Started needs the connection/);
  await expect(getStarted).toBeDisabled();
  await expect(page.getByTestId('download-complete')).toHaveText(COMPLETE);
  await context.setOffline(false);
  await expect(getStarted).toBeEnabled();

  // Get Started succeeds, and the connection drops at once: the exam page has not loaded the exam
  await page.route('**/api/reports/create/**', async (route) => {
    const res = await route.fetch();
    await context.setOffline(true);
    await route.fulfill({ response: res });
  });
  const failedMedia: string[] = [];
  page.on('requestfailed', (r) => void (r.url().includes('/media/') && failedMedia.push(r.url())));
  const servedBefore = [...served.values()].reduce((a, b) => a + b, 0);
  try {
    await getStarted.click();
    await expect(page).toHaveURL(/\/student\/exams\/exam\//);
    await expect(page.getByTestId('device-copy')).toBeVisible();
    await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
    // the deadline is the one the start call fixed: a fresh 50 minutes
    expect(mmss(await page.getByTestId('countdown').innerText())).toBeGreaterThan(49 * 60);
    await expect(page.getByTestId('audio-ready')).toHaveText(/audio ready (\d+)\/\1$/);

    // every picture shows and every audio can play, from the device
    const withImages = pkg.questions.filter((q) => q.main_heading_image || q.description_image || q.option_type === 'image');
    const withAudio = pkg.questions.filter((q) => q.listening || /listening/.test(q.option_type));
    expect(withImages.length).toBeGreaterThan(0);
    expect(withAudio.length).toBeGreaterThan(0);
    const view = page.getByTestId('question-view');
    for (const q of withImages) {
      await openQuestion(page, q.question_number);
      await expect(view.locator('img').first()).toBeVisible();
      await expect.poll(() => view.locator('img').evaluateAll((els) => els.every((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0)),
        { message: `question ${q.question_number}'s pictures` }).toBe(true);
    }
    for (const q of withAudio) {
      await openQuestion(page, q.question_number);
      await expect.poll(() => view.locator('audio').evaluateAll((els) => els.length > 0 && els.every((a) => (a as HTMLAudioElement).readyState >= 2)),
        { message: `question ${q.question_number}'s audio` }).toBe(true);
    }
    // and one plays
    await openQuestion(page, withAudio[0]!.question_number);
    expect(await view.locator('audio').first().evaluate(async (a: HTMLAudioElement) => {
      a.muted = true;
      await a.play();
      a.pause();
      return a.error === null;
    })).toBe(true);
    expect(failedMedia).toEqual([]);

    await answer(page, 1, '2');
    await answer(page, 21, '3');
    await answer(page, 40, '1');
    await expect(page.getByTestId('save-status')).toHaveText('Offline — answers kept on this device');
    await page.getByRole('button', { name: 'Total Question' }).click();
    await page.getByRole('button', { name: 'Submit And Finish Exam' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByTestId('submit-pending')).toBeVisible();
  } finally {
    await context.setOffline(false);
    await page.unroute('**/api/reports/create/**');
  }
  // the connection is back: the submission goes out and the result is saved
  await expect(page.getByTestId('exam-ended').getByText('Congratulation, Exam Ended')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ended-Total Attempt')).toHaveText('3');
  const results = await page.request.get(`/api/results/user/${s.user._id}`, { headers: auth(s.token) });
  const saved = ((await results.json()) as { results: { exam_id: string; attempted: number; createdAt: string }[] }).results
    .filter((r) => r.exam_id === examId).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  expect(saved?.attempted).toBe(3);
  // nothing of the exam's media came from the server during the exam
  expect([...served.values()].reduce((a, b) => a + b, 0)).toBe(servedBefore);
});

test('a download cut by a dropped connection goes on from where it was when it returns; no stored file is fetched twice', async ({ page, context }) => {
  test.setTimeout(120_000);
  await freshStudent(page);
  const served = await countServedMedia(context);

  // The link fails after 8 files: every later media request fails (the server is not reached), until Retry.
  let allowed = 8;
  const failing = async (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) =>
    allowed-- > 0 ? route.fallback() : route.abort('connectionreset');
  await context.route('**/media/**', failing);
  await page.goto('/student/exams');
  const sent = page.waitForResponse((r) => r.url().includes('/api/exams/download/'));
  await page.getByRole('button', { name: `Start ${DEMO_EXAM}` }).click();
  const pkg = (await (await sent).json()) as Package;
  const progress = page.getByTestId('download-progress');
  // a few tries with backoff, then it stops and says so; what is stored stays
  await expect(page.getByTestId('download-stopped')).toHaveText(/^The download stopped: /, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeDisabled();
  const [stoppedAt, total] = progressBytes(await progress.innerText());
  expect(stoppedAt).toBeGreaterThan(0);
  expect(stoppedAt).toBeLessThan(total);
  const storedFirst = await cachedMedia(page);
  expect(storedFirst.length).toBeGreaterThanOrEqual(1);
  expect(storedFirst.length).toBeLessThan(pkg.files.length);

  // Retry with the link back: it goes on from the stored bytes (one file held so the progress can be read)
  await context.unroute('**/media/**', failing);
  const rest = pkg.files.map((f) => f.url).filter((u) => !storedFirst.includes(u));
  let release = await hold(context, rest.at(-1)!);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('download-stopped')).toHaveCount(0);
  await expect.poll(async () => progressBytes(await progress.innerText())[0]).toBeGreaterThan(stoppedAt);

  // the connection drops: the page says so and goes on by itself when it is back
  await context.setOffline(true);
  await expect(page.getByTestId('download-stopped')).toHaveText('You are offline: the download goes on when the connection is back.');
  const [offlineAt] = progressBytes(await progress.innerText());
  expect(offlineAt).toBeGreaterThanOrEqual(stoppedAt);
  const storedOffline = await cachedMedia(page);
  expect(storedOffline).toEqual(expect.arrayContaining(storedFirst));
  await release();
  release = await hold(context, rest.at(-1)!);
  await context.setOffline(false);
  await expect.poll(async () => progressBytes(await progress.innerText())[0]).toBeGreaterThanOrEqual(offlineAt);
  await release();
  await expect(page.getByTestId('download-complete')).toHaveText(COMPLETE, { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeEnabled();

  // every file on the device; each file stored before the link dropped was asked once
  expect(await cachedMedia(page)).toEqual(expect.arrayContaining(pkg.files.map((f) => f.url)));
  // (a file on its way when the link dropped is asked again: it was not stored)
  for (const f of pkg.files) expect(served.get(f.url) ?? 0, f.url).toBeGreaterThanOrEqual(1);
  for (const u of storedOffline) expect(served.get(u), u).toBe(1);
});
