/**
 * A classroom behind one address (a school's NAT, nginx in front of the server: TRUST_PROXY): on the first morning the
 * class's mistyped passwords lock that address for sign-ins; a student whose phone has signed in before still gets
 * in (the device token its browser keeps, server/src/auth/device.ts), a phone that never has is told to wait. This
 * spec starts its own deployment behind a trusted proxy (the main e2e server believes no X-Forwarded-For).
 */
import { expect, test, type Browser } from '@playwright/test';
import { startDeployment, type Deployment } from '../support/deployment';
import { DEMO, expectToast, loginUi } from '../support/fixtures';

const PORT = Number(process.env.E2E_CLASSROOM_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 301);
/** The classroom's public address, as the proxy in front of the server reports it. */
const CLASSROOM = '203.0.113.7';
const ADDRESS_LIMIT = 50; // server/src/auth/throttle.ts

let site: Deployment | undefined;

test.describe('a classroom behind one address', () => {
  test.describe.configure({ timeout: 240_000 });

  test.beforeAll(async () => {
    test.setTimeout(200_000);
    site = await startDeployment(PORT, { TRUST_PROXY: '127.0.0.1' });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  /** A phone in the classroom: every request arrives through the proxy from the classroom's address. */
  const phone = (browser: Browser) => browser.newContext({
    baseURL: site!.url, storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { 'X-Forwarded-For': CLASSROOM },
  });

  test('mistyped passwords lock the address; a phone that signed in before still signs in, a new one is told to wait', async ({ browser }) => {
    // Yesterday, on her own phone in the classroom: she signs in, and out.
    const hers = await phone(browser);
    const page = await hers.newPage();
    await loginUi(page, DEMO.student.email, DEMO.student.password);
    await expect(page).toHaveURL(/\/student$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('deviceTokens'))).toContain(DEMO.student.email);

    // This morning the class signs in for the first time, with many a typo.
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      const r = await fetch(`${site!.url}api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': CLASSROOM },
        body: JSON.stringify({ email: `pupil-${i}@example.com`, password: 'mistyped-1' }),
      });
      expect([401, 429]).toContain(r.status);
    }

    // A classmate's phone that has never signed in: the classroom's lock, in the toast.
    const classmates = await phone(browser);
    const theirs = await classmates.newPage();
    await loginUi(theirs, DEMO.newStudent.email, DEMO.newStudent.password);
    await expectToast(theirs, 'Authentication Error', 'Too many failed sign-in attempts.');
    await expect(theirs).toHaveURL(/\/login$/);

    // Her phone: in, as every day.
    await loginUi(page, DEMO.student.email, DEMO.student.password);
    await expect(page).toHaveURL(/\/student$/);
    await expect(page.getByTestId('role-label')).toHaveText('Student');
    await hers.close();
    await classmates.close();
  });
});
