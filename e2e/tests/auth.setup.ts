/**
 * The `setup` project (playwright.config.ts), run before the tests: signs each demo account in once, through the login
 * page, on every lane's server (each lane has its own server and data: playwright.config.ts), and saves the browser's
 * storage state with one origin per lane (support/fixtures.ts: stateFile). Tests that only need one of these accounts
 * signed in start from it (`test.use({ storageState: stateFile(role) })`: the browser gets the session of each origin,
 * the test's own lane included) and read its token with storedSession(role), which picks the test's lane. The session
 * lives in local storage (token, role, user, institute), which storageState saves and restores; the app keeps nothing
 * in session storage or cookies.
 *
 * Tests whose subject is signing in or out keep signing in themselves, and so do tests that change an account's
 * password or status (they create their own users): a revoked token would sign out every test that reuses it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { DEMO, loginUi, stateFile, type DemoRole } from '../support/fixtures';

const ROLE_LABEL = { admin: 'Admin', institute: 'Institute', student: 'Student', newStudent: 'Student' } as const;
const LANES = (process.env.E2E_LANE_URLS ?? '').split(' ').filter(Boolean);

for (const role of Object.keys(DEMO) as DemoRole[]) {
  setup(`sign in as the demo ${role}`, async ({ browser }) => {
    expect(LANES.length, 'playwright.config.ts names the lanes\' servers').toBeGreaterThan(0);
    const who = DEMO[role];
    const origins = [];
    for (const baseURL of LANES) {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await loginUi(page, who.email, who.password);
      await expect(page).toHaveURL(new RegExp(`${who.area}$`));
      await expect(page.getByTestId('role-label')).toHaveText(ROLE_LABEL[role]);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      origins.push(...(await context.storageState()).origins);
      await context.close();
    }
    mkdirSync(path.dirname(stateFile(role)), { recursive: true }); // a fresh clone has no e2e/.auth yet
    writeFileSync(stateFile(role), JSON.stringify({ cookies: [], origins }, null, 2));
  });
}
