/**
 * Issue 37, item 6: a student whose stored token has expired, or cannot be read, opens the exam list. The app logs
 * out with one toast ('Token Expired' / 'Please Login again', spec section 4), not two, and nothing asks the API
 * with that token on the way (neither index.html's early requests for the list nor the app).
 */
import { expect, test, type Request } from '@playwright/test';
import { storedSession } from '../support/fixtures';

const BAD_TOKENS: [string, (valid: string) => string][] = [
  ['an expired token', (valid) => {
    const [h, , s] = valid.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url');
    return `${h}.${payload}.${s}`;
  }],
  ['an unreadable token', () => 'garbage-that-is-no-jwt'],
];

for (const [what, make] of BAD_TOKENS) {
  test(`${what} on the student's exam list: one toast, logout, no API call with it`, async ({ browser, baseURL }) => {
    const me = storedSession('student');
    const token = make(me.token);
    // The browser as the student left it (spec section 4: token, role, user and institute in local storage), with the bad token.
    const context = await browser.newContext({
      storageState: {
        cookies: [],
        origins: [{
          origin: new URL(baseURL!).origin,
          localStorage: [
            { name: 'token', value: token },
            { name: 'role', value: String(me.user.role) },
            { name: 'user', value: JSON.stringify(me.user) },
            { name: 'institute', value: JSON.stringify(me.institute) },
          ],
        }],
      },
    });
    const page = await context.newPage();
    const withToken: string[] = [];
    const api: string[] = [];
    page.on('request', (r: Request) => {
      if (!new URL(r.url()).pathname.startsWith('/api/')) return;
      api.push(`${r.method()} ${r.url()}`);
      if ((r.headers()['authorization'] ?? '').includes(token)) withToken.push(`${r.method()} ${r.url()}`);
    });
    await page.goto('/student/exams');
    await expect(page).toHaveURL(/\/(login)?$/);
    const toasts = page.getByTestId('toast');
    const expired = toasts.filter({ hasText: 'Token Expired' });
    await expect(expired).toHaveCount(1);
    await expect(expired).toContainText('Please Login again');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    // (the area's guard, which the logout sends here, would have added its 'Authentication Error' before this one)
    await expect(toasts).toHaveCount(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(withToken, `API calls carrying ${what}`).toEqual([]);
    // nothing the logout needs goes to the API either (the session is the browser's: dropping it is local)
    expect(api.filter((u) => !/\/api\/(health|settings|config)\b/.test(u)), 'API calls before the login page').toEqual([]);
    await context.close();
  });
}
