/**
 * The `setup` project (playwright.config.ts), run before the tests: signs each demo account in once, through the login
 * page, and saves the browser's storage state (support/fixtures.ts: stateFile). Tests that only need one of these
 * accounts signed in start from it (`test.use({ storageState: stateFile(role) })`) and read its token with
 * storedSession(role). The session lives in local storage (token, role, user, institute), which storageState saves
 * and restores; the app keeps nothing in session storage or cookies.
 *
 * Tests whose subject is signing in or out keep signing in themselves, and so do tests that change an account's
 * password or status (they create their own users): a revoked token would sign out every test that reuses it.
 */
import { expect, test as setup } from '@playwright/test';
import { DEMO, loginUi, stateFile, type DemoRole } from '../support/fixtures';

const ROLE_LABEL = { admin: 'Admin', institute: 'Institute', student: 'Student', newStudent: 'Student' } as const;

for (const role of Object.keys(DEMO) as DemoRole[]) {
  setup(`sign in as the demo ${role}`, async ({ page }) => {
    const who = DEMO[role];
    await loginUi(page, who.email, who.password);
    await expect(page).toHaveURL(new RegExp(`${who.area}$`));
    await expect(page.getByTestId('role-label')).toHaveText(ROLE_LABEL[role]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await page.context().storageState({ path: stateFile(role) });
  });
}
