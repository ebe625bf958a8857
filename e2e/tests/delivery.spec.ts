/**
 * Delivery for slow links (issue 8): precompressed assets with immutable/no-cache headers, the service worker
 * (registered, in control, an offline reload still starts the student area and goes on with a running exam, a
 * redeployed remote is picked up online), and media that a second fetch takes from a cache.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MEDIA_CACHE } from '../../shared-api/src/media-cache';
import { stateFile, storedSession } from '../support/fixtures';
import { answer, demoExamId, finishRunningAttempt, mmss, startDemoExam } from '../support/exam';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const MEDIA_DIR = path.join(__dirname, '..', '..', 'server', 'seed', 'media');

/** Media are content-addressed: the demo exam's q21.mp3 is served at /media/<sha256>.mp3. */
function mediaUrl(file: string) {
  const bytes = readFileSync(path.join(MEDIA_DIR, file));
  return { url: `/media/${createHash('sha256').update(bytes).digest('hex')}${path.extname(file)}`, size: bytes.length };
}

async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) out.push(new URL(req.url).pathname);
    }
    return out;
  });
}

test.use({ serviceWorkers: 'allow' }); // this spec is about the service worker
test('text assets are precompressed; hashed files immutable, entry points no-cache', async ({ request }) => {
  const home = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(home.headers()['content-encoding']).toBe('br');
  expect(home.headers()['cache-control']).toBe('no-cache');
  const html = await home.text();
  // The entry script is in the page's first-render plan (index.html's inline script adds it).
  const main = /"(\/main\.[0-9a-f]{8,}\.js)"/.exec(html)?.[1];
  expect(main, html).toBeTruthy();
  // The UI kit's global stylesheet is hinted with it, so it downloads alongside main.js, not after.
  const plan = JSON.parse(/<script type="application\/json" id="eps-first-render">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
  expect(plan?.scripts).toEqual([main]);
  expect(plan?.preload).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/chakra-global\.[0-9a-f]{8,}\.css$/)]));
  const js = await request.get(main!, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(js.headers()['content-encoding']).toBe('br');
  expect(js.headers()['cache-control']).toBe(IMMUTABLE);
  expect(js.headers()['vary']).toMatch(/accept-encoding/i);
  const gz = await request.get(main!, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gz.headers()['content-encoding']).toBe('gzip');
  for (const url of ['/sw.js', '/remotes/student/remoteEntry.js', '/remotes/student/mf-manifest.json']) {
    const res = await request.get(url, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status(), url).toBe(200);
    expect(res.headers()['content-encoding'], url).toBe('br');
    expect(res.headers()['cache-control'], url).toBe('no-cache');
  }
  const deep = await request.get('/student/exams', { headers: { Accept: 'text/html', 'Accept-Encoding': 'br' } });
  expect(deep.headers()['content-encoding']).toBe('br');
  expect(deep.headers()['cache-control']).toBe('no-cache');
});

// The demo student, signed in once by the setup project.
test.describe('the student area', () => {
  test.use({ storageState: stateFile('student') });

  test('the service worker controls the page and an offline reload still starts the student area', async ({ page, context }) => {
    await page.goto('/student');
    await expect(page.getByTestId('role-label')).toHaveText('Student');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toMatch(/\/sw\.js$/);

    // The shell, the page, the deploy-time manifest and the student remote are kept for the next visit.
    await expect.poll(async () => {
      const urls = await cachedUrls(page);
      return ['/index.html', '/remotes.json', '/remotes/student/remoteEntry.js'].every((u) => urls.includes(u))
        && urls.some((u) => /^\/main\.[0-9a-f]+\.js$/.test(u))
        && urls.some((u) => /^\/remotes\/student\/.+\.[0-9a-f]{8,}\.js$/.test(u));
    }, { timeout: 15_000 }).toBe(true);
    const urls = await cachedUrls(page);
    expect(urls.filter((u) => u.startsWith('/api/'))).toEqual([]);
    expect(urls.filter((u) => /\/remotes\/(institute|admin)\//.test(u))).toEqual([]);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page).toHaveURL(/\/student$/);
      await expect(page.getByTestId('role-label')).toHaveText('Student');
      await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('an exam reloaded without a connection goes on from the copy this device kept; every choice reaches the result', async ({ page, context }) => {
    test.setTimeout(120_000);
    page.on('dialog', (d) => void d.accept()); // "Exam is Running": leave the page (the reload)
    const s = storedSession('student');
    const examId = await demoExamId(page.request, s.token, s.user._id);
    await finishRunningAttempt(page.request, s.token, s.user._id, examId);
    await page.goto('/student');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await startDemoExam(page);
    await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
    await expect(page.getByTestId('audio-ready')).toHaveText(/audio ready (\d+)\/\1$/, { timeout: 30_000 });
    const status = page.getByTestId('save-status');
    await answer(page, 1, '2');
    await expect(status).toHaveText('All answers saved');

    await context.setOffline(true);
    try {
      await answer(page, 2, '1');
      await expect(status).toHaveText('Offline — answers kept on this device');
      const before = mmss(await page.getByTestId('countdown').innerText());
      await page.reload();
      // the questions, the choices (saved and unsaved), the running clock, and the audio, all from this device
      await expect(page.getByTestId('device-copy')).toBeVisible();
      await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
      await expect(page.getByTestId('count-solved')).toHaveText('Solved: 2');
      const after = mmss(await page.getByTestId('countdown').innerText());
      expect(after).toBeLessThanOrEqual(before);
      expect(before - after).toBeLessThan(60);
      await expect(page.getByTestId('audio-ready')).toHaveText(/audio ready (\d+)\/\1$/, { timeout: 30_000 });
      await expect(page.getByRole('button', { name: /^Question 2 \(solved\)/ })).toBeVisible();
      await answer(page, 21, '3');
      await expect(status).toHaveText('Offline — answers kept on this device');
      await expect(page.getByTestId('question-view').getByRole('img').first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    // back online: the server's copy takes over and the choices made offline go out
    await expect(page.getByTestId('device-copy')).toHaveCount(0, { timeout: 20_000 });
    await expect(status).toHaveText('All answers saved', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Total Question' }).click();
    await expect(page.getByTestId('count-solved')).toHaveText('Solved: 3');
    await page.getByRole('button', { name: 'Submit And Finish Exam' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByTestId('exam-ended').getByText('Congratulation, Exam Ended')).toBeVisible();
    await expect(page.getByTestId('ended-Total Attempt')).toHaveText('3');
    // the copy goes with the attempt
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /^exam(Copy|Choices):/.test(k)))).toEqual([]);
  });

  test('media a page put into the media cache are served offline, whole and by range, and outlive a new shell deployment', async ({ page, context, request }) => {
    const { url, size } = mediaUrl('q40.mp3');
    const bytes = readFileSync(path.join(MEDIA_DIR, 'q40.mp3'));
    await page.goto('/student');
    await expect(page.getByTestId('role-label')).toHaveText('Student');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // This deployment's code cache is named after its index.html, which the worker precaches.
    const html = await (await request.get('/index.html', { headers: { 'Accept-Encoding': 'identity' } })).text();
    const revision = createHash('md5').update(html).digest('hex');
    const sw = await (await request.get('/sw.js', { headers: { 'Accept-Encoding': 'identity' } })).text();
    expect(sw).toContain(revision);
    const codeCache = `eps-code-${revision}`;
    await expect.poll(async () => page.evaluate(async (name) => (await caches.open(name)).keys().then((k) => k.length), codeCache), { timeout: 15_000 })
      .toBeGreaterThan(0);

    // The page stores the file itself, as an exam start page would (the bytes come from the test, not through the
    // worker).
    const stored = await page.evaluate(async ({ u, body, cacheName }) => {
      const cache = await caches.open(cacheName);
      const before = await cache.match(u);
      const data = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
      await cache.put(u, new Response(data, { headers: { 'Content-Type': 'audio/mpeg' } }));
      return { before: before !== undefined, after: (await cache.match(u)) !== undefined };
    }, { u: url, body: bytes.toString('base64'), cacheName: MEDIA_CACHE });
    expect(stored).toEqual({ before: false, after: true });

    // A new worker version takes over. (Playwright cannot route the browser's fetch of a worker script, so the
    // previous deployment is simulated: its code cache is a copy of this one under an older index.html's name, and a
    // cache of the hand-written worker, eps-<hash>, is left over too; the new worker is this script at a new URL.)
    const oldCodeCache = `eps-code-${'0'.repeat(32)}`;
    const handWritten = 'eps-0123456789ab';
    const took = await page.evaluate(async ({ from, to, left }) => {
      const src = await caches.open(from);
      const dst = await caches.open(to);
      for (const req of await src.keys()) await dst.put(req, (await src.match(req))!);
      await (await caches.open(left)).put('/main.0123456789.js', new Response('old'));
      const old = navigator.serviceWorker.controller;
      const changed = new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
      await navigator.serviceWorker.register('/sw.js?deployment=2');
      await Promise.race([changed, new Promise((_, reject) => setTimeout(() => reject(new Error('no new worker took over')), 15_000))]);
      return navigator.serviceWorker.controller !== old && navigator.serviceWorker.controller!.scriptURL.endsWith('/sw.js?deployment=2');
    }, { from: codeCache, to: oldCodeCache, left: handWritten });
    expect(took).toBe(true);
    // the new worker's activation drops the other versions' caches of code; the media cache stays
    await expect.poll(async () => (await page.evaluate(() => caches.keys())).filter((n) => n.startsWith('eps-')).sort(), { timeout: 15_000 })
      .toEqual([codeCache, MEDIA_CACHE].sort());
    expect(await page.evaluate(async ({ u, cacheName }) => (await (await caches.open(cacheName)).match(u)) !== undefined, { u: url, cacheName: MEDIA_CACHE })).toBe(true);

    await context.setOffline(true);
    try {
      const offline = await page.evaluate(async (u) => {
        const digest = async (b: ArrayBuffer) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', b))].map((x) => x.toString(16).padStart(2, '0')).join('');
        const whole = await fetch(u);
        const wholeBody = await whole.arrayBuffer();
        const range = await fetch(u, { headers: { Range: 'bytes=1000-1999' } });
        const rangeBody = new Uint8Array(await range.arrayBuffer());
        const tail = await fetch(u, { headers: { Range: 'bytes=-100' } });
        // what a media element asks when it seeks: from a point to the end
        const seek = await fetch(u, { headers: { Range: 'bytes=57000-' } });
        return {
          whole: whole.status, wholeLen: wholeBody.byteLength, sha: await digest(wholeBody),
          range: range.status, cr: range.headers.get('content-range'), first: [...rangeBody.slice(0, 4)], rangeLen: rangeBody.byteLength,
          tail: tail.status, tailCr: tail.headers.get('content-range'), tailLen: (await tail.arrayBuffer()).byteLength,
          seek: seek.status, seekCr: seek.headers.get('content-range'), seekLen: (await seek.arrayBuffer()).byteLength,
        };
      }, url);
      expect(offline).toEqual({
        whole: 200, wholeLen: size, sha: /\/media\/([0-9a-f]{64})\./.exec(url)![1],
        range: 206, cr: `bytes 1000-1999/${size}`, first: [...bytes.subarray(1000, 1004)], rangeLen: 1000,
        tail: 206, tailCr: `bytes ${size - 100}-${size - 1}/${size}`, tailLen: 100,
        seek: 206, seekCr: `bytes 57000-${size - 1}/${size}`, seekLen: size - 57000,
      });
    } finally {
      await context.setOffline(false);
    }
  });

  test('online, a redeployed remote is picked up on the next visit, though the worker keeps a copy for offline use', async ({ page, context }) => {
    await page.goto('/student');
    await expect(page.getByTestId('role-label')).toHaveText('Student');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect.poll(async () => (await cachedUrls(page)).includes('/remotes/student/remoteEntry.js'), { timeout: 15_000 }).toBe(true);

    // A new deployment of the student remote: the same URL now answers another remoteEntry.js.
    let served = 0;
    await context.route('**/remotes/student/remoteEntry.js', async (route) => {
      const res = await route.fetch();
      const headers = { ...res.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      delete headers['etag'];
      served++;
      await route.fulfill({ status: res.status(), headers, body: `${await res.text()}\n;self.__epsStudentRemoteBuild = 'redeployed';\n` });
    });
    try {
      await page.reload();
      await expect(page.getByTestId('role-label')).toHaveText('Student');
      await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
      expect(served).toBeGreaterThan(0);
      expect(await page.evaluate(() => (self as unknown as { __epsStudentRemoteBuild?: string }).__epsStudentRemoteBuild)).toBe('redeployed');
    } finally {
      await context.unroute('**/remotes/student/remoteEntry.js');
    }
  });
});

test('exam media: ranges and immutable headers; a second fetch comes from a cache', async ({ page, request, browser }) => {
  const { url, size } = mediaUrl('q21.mp3');
  const first = await request.get(url);
  expect(first.status()).toBe(200);
  expect(first.headers()['cache-control']).toBe(IMMUTABLE);
  expect(first.headers()['accept-ranges']).toBe('bytes');
  const etag = first.headers()['etag'];
  expect(etag).toBeTruthy();
  const part = await request.get(url, { headers: { Range: 'bytes=0-99' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 0-99/${size}`);
  expect((await part.body()).length).toBe(100);
  const again = await request.get(url, { headers: { 'If-None-Match': etag! } });
  expect(again.status()).toBe(304);

  // Without a service worker: the browser's HTTP cache answers the second fetch (nothing transferred).
  const plain = await browser.newContext({ serviceWorkers: 'block', baseURL: test.info().project.use.baseURL });
  try {
    const p = await plain.newPage();
    await p.goto('/login');
    const sizes = await p.evaluate(async (u) => {
      const a = await (await fetch(u)).arrayBuffer();
      const b = await (await fetch(u)).arrayBuffer();
      const entries = performance.getEntriesByName(new URL(u, location.href).href) as PerformanceResourceTiming[];
      return { a: a.byteLength, b: b.byteLength, transfer: entries.map((e) => e.transferSize) };
    }, url);
    expect(sizes.a).toBe(size);
    expect(sizes.b).toBe(size);
    expect(sizes.transfer.length).toBe(2);
    expect(sizes.transfer[0]).toBeGreaterThan(0);
    expect(sizes.transfer[1]).toBe(0);
  } finally {
    await plain.close();
  }

  // With the service worker: the file is kept in Cache Storage and served offline, whole or by range. (The login
  // page starts the app, which registers the worker, when the visitor starts signing in.)
  await page.goto('/login');
  await page.getByLabel('Email').focus();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await page.evaluate(async (u) => (await fetch(u)).status, url)).toBe(200);
  await expect.poll(async () => (await cachedUrls(page)).includes(url)).toBe(true);
  await page.context().setOffline(true);
  try {
    const offline = await page.evaluate(async (u) => {
      const whole = await fetch(u);
      const range = await fetch(u, { headers: { Range: 'bytes=10-19' } });
      return { whole: whole.status, wholeLen: (await whole.arrayBuffer()).byteLength, range: range.status, rangeLen: (await range.arrayBuffer()).byteLength, cr: range.headers.get('content-range') };
    }, url);
    expect(offline).toEqual({ whole: 200, wholeLen: size, range: 206, rangeLen: 10, cr: `bytes 10-19/${size}` });
  } finally {
    await page.context().setOffline(false);
  }
});
