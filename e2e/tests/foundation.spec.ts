import { expect, test } from '@playwright/test';
import { DEMO, expectToast, loginUi, stateFile } from '../support/fixtures';

test.describe('sign-in and areas', () => {
  for (const [role, who, heading] of [
    ['admin', DEMO.admin, 'Total institute'],
    ['institute', DEMO.institute, 'Total Exam Added'],
    ['student', DEMO.student, 'Exam List'],
  ] as const) {
    test(`${role} logs in and lands in the ${who.area} area, and a reload keeps the session`, async ({ page }) => {
      await loginUi(page, who.email, who.password);
      await expect(page).toHaveURL(new RegExp(`${who.area}$`));
      await expect(page.getByTestId(`stat-${heading}`)).toBeVisible();
      await expect(page.getByTestId('role-label')).toHaveText(role === 'admin' ? 'Admin' : role === 'institute' ? 'Institute' : 'Student');
      // Real counts, not placeholders.
      await expect(page.getByTestId(`stat-${heading}`)).toHaveText(/^\d+$/);
      await page.reload();
      await expect(page).toHaveURL(new RegExp(`${who.area}$`));
      await expect(page.getByTestId(`stat-${heading}`)).toBeVisible();
    });
  }

  test('login validates on blur and on submit, and makes no call with errors', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => { if (r.url().includes('/api/auth/signin')) calls++; });
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await expect(page.getByText(' Invalid Email.')).toBeVisible();
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Password should be more than 8 characters.')).toBeVisible();
    expect(calls).toBe(0);
  });

  test('wrong password shows the Authentication Error toast', async ({ page }) => {
    await loginUi(page, DEMO.admin.email, 'wrong-password');
    await expectToast(page, 'Authentication Error', 'Invalid Credentials');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the login page shows the contact phone, a social link and the Nepali note', async ({ page }) => {
    await page.goto('/');
    const info = page.getByTestId('contact-info');
    await expect(info).toContainText(/\d{10}/);
    await expect(info.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', /^https?:\/\//);
    await expect(info.locator('[lang="ne"]')).toContainText('पासवर्ड');
  });

  test('the login page works before the app: contact details without any app script; the app starts by itself once painted and keeps what was typed', async ({ page }) => {
    const cspErrors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text()); });
    // Every script except the page's own inline one is held back: what shows now is the HTML alone.
    await page.route(/\.js($|\?)/, (route) => route.abort());
    await page.goto('/login');
    const info = page.getByTestId('contact-info');
    await expect(info).toContainText(/\d{10}/);
    await expect(info.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', /^https?:\/\//);
    await page.unroute(/\.js($|\?)/);

    // With the scripts allowed, the app starts by itself once the page has painted (in the page's idle time:
    // shell/src/boot/hold.ts), without any move: a visitor who reads first finds it ready.
    await page.goto('/login');
    await expect(page.locator('#prerendered-login')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByLabel('Email')).toBeVisible();

    // What is typed before the app's code has arrived (main.js held back, as on a slow link) is kept.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => { await held; await route.continue(); });
    await page.goto('/login');
    await expect(page.locator('#prerendered-login')).toBeVisible();
    await page.locator('#prerendered-login input[name="email"]').pressSequentially(DEMO.student.email);
    release();
    await expect(page.locator('#prerendered-login')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.student.email);
    await page.getByLabel('Password').fill(DEMO.student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/student$/);
    expect(cspErrors).toEqual([]);
  });

  test('the prerendered login card paints only once the page script has decided it is the login page', async ({ browser }) => {
    // What a paint shows while the parser has not yet reached the page's script (a phone's parser may pause anywhere
    // in the card): no script has run, so nothing of the card. Without this a signed-in student's exam list flashed
    // a half-drawn login form, and on /login the half card jumped up as the rest arrived (a layout shift).
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    for (const path of ['/login', '/student/exams']) {
      await page.goto(path);
      await expect(page.locator('#prerendered-login')).toBeAttached();
      await expect(page.locator('#prerendered-login')).toBeHidden();
    }
    await noScript.close();
  });

  test('the prerendered login page puts the fields and the button where the app\'s login page does (no layout shift)', async ({ browser }) => {
    // Both come from one component (shell/src/login-card.tsx) with one CSS: the HTML alone, with no script at all, and
    // the app's page once React has replaced it. With no script the page's inline script does not show the card:
    // the one class it adds is added here.
    const parts = (page: import('@playwright/test').Page) => [
      page.locator('input[name="email"]'), page.locator('input[name="password"]'), page.getByRole('button', { name: 'Login' }),
    ];
    for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
      const noScript = await browser.newContext({ javaScriptEnabled: false, viewport });
      const still = await noScript.newPage();
      await still.goto('/login');
      await still.locator('#prerendered-login').evaluate((el) => el.classList.add('pl-ready'));
      await expect(still.locator('#prerendered-login input[name="email"]')).toBeVisible();
      const painted = await Promise.all(parts(still).map((l) => l.boundingBox()));
      await noScript.close();

      const withApp = await browser.newContext({ viewport });
      const page = await withApp.newPage();
      await page.goto('/login');
      await page.keyboard.press('Shift'); // a first move starts the app; no field takes the focus
      await expect(page.locator('#prerendered-login')).toHaveCount(0);
      await expect(page.getByTestId('contact-info')).toContainText(/\d{10}/);
      const mounted = await Promise.all(parts(page).map((l) => l.boundingBox()));
      await withApp.close();

      for (const [i, box] of mounted.entries()) {
        const before = painted[i]!;
        expect(box, `part ${i} at ${viewport.width}x${viewport.height}`).not.toBeNull();
        for (const k of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(box![k] - before[k]), `${k} of part ${i} at ${viewport.width}x${viewport.height}: ${before[k]} then ${box![k]}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  test('an anonymous visitor to /student is sent to / with the toast', async ({ page }) => {
    await page.goto('/student');
    await expectToast(page, 'Authentication Error');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('logout clears the session and goes to /', async ({ page }) => {
    await loginUi(page, DEMO.institute.email, DEMO.institute.password);
    await expect(page).toHaveURL(/\/institute$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    await page.goto('/institute');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown path shows the not-found page with Goto Home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page Not Found')).toBeVisible();
    await page.getByRole('link', { name: 'Goto Home' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test("a student's session fetches nothing of the institute or admin remotes", async ({ page }) => {
    // Signs in itself: what the shell fetches while it does not yet know the role counts too.
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await loginUi(page, DEMO.student.email, DEMO.student.password);
    await expect(page.getByTestId('stat-Exam List')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('stat-Exam List')).toBeVisible();
    expect(urls.some((u) => u.includes('/remotes/student/'))).toBeTruthy();
    expect(urls.filter((u) => /\/remotes\/(institute|admin)\//.test(u))).toEqual([]);
  });
});

// Signed in already (the setup project's stored session): the subject is what a session does, not signing in.
test.describe('a signed-in student', () => {
  test.use({ storageState: stateFile('student') });

  test('a signed-in deep link shows the loading status, never the login form, while the app loads', async ({ page }) => {
    await page.route(/\.js($|\?)/, (route) => route.abort());
    await page.goto('/student/exams');
    await expect(page.getByRole('status')).toHaveText('Loading…');
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
    await page.unroute(/\.js($|\?)/);
    const entries: string[] = [];
    const lists: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/remotes/student/remoteEntry.js')) entries.push(r.url());
      if (/\/api\/exams\/(published\/users|users\/getAll)\//.test(r.url())) lists.push(r.url());
    });
    await page.reload();
    const start = page.getByRole('button', { name: 'Start EPS-TOPIK Mock Test 1' });
    await expect(start).toBeVisible();
    // The remote's entry is fetched early (index.html) and once; the theme's stylesheet (tokens, preflight) applies.
    expect(entries).toHaveLength(1);
    // The exam lists are asked for as the area loads (before the page renders), and only once each.
    expect(lists).toHaveLength(2);
    // the solid blue of the product's system (blue.700, for contrast), not Chakra's default blue.600
    expect(await start.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(23, 61, 166)');
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
  });

  test('an expired token logs out with the Token Expired toast', async ({ page }) => {
    await page.goto('/student');
    await expect(page.getByTestId('role-label')).toHaveText('Student');
    await page.evaluate(() => {
      const t = localStorage.getItem('token')!;
      const [h, , s] = t.split('.');
      const payload = btoa(JSON.stringify({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })).replace(/=+$/, '');
      localStorage.setItem('token', `${h}.${payload}.${s}`);
    });
    await page.reload();
    await expectToast(page, 'Token Expired', 'Please Login again');
    await expect(page).toHaveURL(/\/$|\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a student entering /admin is sent to /login with the toast', async ({ page }) => {
    await page.goto('/student');
    await expect(page.getByTestId('role-label')).toHaveText('Student');
    await page.goto('/admin');
    await expectToast(page, 'Authentication Error', 'You have to authenticate before proceedings');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('a signed-in admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('an unreachable remote shows a clear error with Retry', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByTestId('role-label')).toHaveText('Admin');
    await page.route('**/remotes/admin/**', (r) => r.abort());
    await page.reload();
    await expect(page.getByText('This part of the platform could not be loaded')).toBeVisible();
    await page.unroute('**/remotes/admin/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('stat-Total Exam')).toBeVisible();
  });
});
