/**
 * A shared computer in an institute's lab: one student signs out, the next signs in and the link drops. Nothing of the
 * first student's may be left in the browser: no API answer is kept in its HTTP cache (every /api answer carries
 * Cache-Control: no-store), so neither the next student's pages nor the cache itself can show it.
 */
import { expect, test } from '@playwright/test';
import { DEMO, loginUi } from '../support/fixtures';

test.use({ storageState: { cookies: [], origins: [] } });

test('after sign-out, the next student offline finds nothing of the first in the page or the browser\'s cache', async ({ page, context }) => {
  test.setTimeout(90_000);
  // The first student: the exam list and the results, each an API answer with personal data.
  const seen: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && r.request().method() === 'GET' && r.status() === 200) seen.push(url.pathname + url.search);
  });
  await loginUi(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto('/student/results');
  await expect(page.getByRole('heading', { name: 'Results' }).first()).toBeVisible();
  const first = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { _id: string; email: string });
  expect(first.email).toBe(DEMO.student.email);
  const personal = seen.filter((u) => u.includes(first._id));
  expect(personal.length, seen.join('\n')).toBeGreaterThan(1);
  const cacheControl = await page.evaluate(async (url) => (await fetch(url, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })).headers.get('cache-control'), personal[0]!);
  expect(cacheControl).toBe('no-store');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // The next student signs in on the same browser, and the link drops.
  await loginUi(page, DEMO.newStudent.email, DEMO.newStudent.password);
  await expect(page).toHaveURL(/\/student$/);
  await context.setOffline(true);

  // The browser's cache answers nothing for any of the first student's requests.
  const cached = await page.evaluate(async (urls) => Promise.all(urls.map(async (url) => {
    try {
      const r = await fetch(url, { cache: 'only-if-cached', mode: 'same-origin' });
      return `${url}: ${r.status} ${(await r.text()).slice(0, 60)}`;
    } catch {
      return null; // not in the cache
    }
  })), personal);
  expect(cached.filter(Boolean)).toEqual([]);

  // Nor do the pages: the results, opened offline in the app, show none of the first student's data.
  await page.getByRole('link', { name: 'Results' }).first().click();
  await expect(page).toHaveURL(/\/student\/results$/);
  await expect(page.getByRole('alert').or(page.getByText('No results')).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(DEMO.student.email);
  await expect(page.locator('body')).not.toContainText(first._id);
  await context.setOffline(false);
});
