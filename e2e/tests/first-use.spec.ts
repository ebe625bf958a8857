/**
 * What a new user hit in a real browser (issue 20): each test is one finding, seen the way the user saw it.
 */
import { expect, test } from '@playwright/test';
import { DEMO } from '../support/fixtures';

test.describe('login on the first try', () => {
  // A person clicks once, at once: `force` clicks without waiting for the button to become enabled (Playwright's own
  // wait would hide a button that ignores the first click). The app's scripts arrive late, as on a phone's link: the
  // click lands on the page before the app runs.
  test.beforeEach(async ({ page }) => {
    await page.route(/\.js($|\?)/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
  });
  // `fill` sets the values without key presses, as a password manager's autofill does: the app has not started yet.
  test('a form filled without typing signs in on the first click', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.student.email);
    await page.getByLabel('Password').fill(DEMO.student.password);
    await page.getByRole('button', { name: 'Login' }).click({ force: true });
    await expect(page).toHaveURL(/\/student$/);
  });

  test('a form filled without typing signs in on the first Enter', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.student.email);
    await page.getByLabel('Password').fill(DEMO.student.password);
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/student$/);
  });

  test('autofilled values (no key, no focus) sign in on the first click', async ({ page }) => {
    await page.goto('/login');
    await page.waitForLoadState('load');
    // What a password manager does: the values are set, no key, pointer or focus event reaches the page.
    await page.evaluate(({ email, password }) => {
      const set = (name: string, v: string) => { (document.querySelector(`input[name="${name}"]`) as HTMLInputElement).value = v; };
      set('email', email);
      set('password', password);
    }, DEMO.student);
    await page.getByRole('button', { name: 'Login' }).click({ force: true });
    await expect(page).toHaveURL(/\/student$/);
  });

  test('an empty form shows the messages on the first click', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click({ force: true });
    await expect(page.getByText('Email cannot be empty.')).toBeVisible();
    await expect(page.getByText('Password cannot be empty.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
