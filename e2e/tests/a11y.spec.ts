/**
 * Issue 25, WCAG 2.2 AA: every screen of every role, checked with axe-core inside the browser (@axe-core/playwright),
 * has no serious or critical violation. The exam page, its dialogs and the result detail included, on a phone's
 * viewport and a desktop's. Issue 37: every axe rule tagged wcag2a, wcag2aa, wcag21a, wcag21aa or wcag22aa runs, the
 * experimental ones among them (axe leaves those out of a tag run: label-content-name-mismatch, WCAG 2.5.3 Label in
 * Name, is one), only the deprecated ones not.
 *
 * A student of the demo institute is made for this file (its attempts are its own), with access to every exam; it
 * finishes the demo exam once through the API so that every result screen has a result to show.
 *
 * One page per role: the first screen is loaded, the others are opened inside the app (its router, as its links do);
 * each screen, once its own content is there, is checked at both viewports (the page resized between the two).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { auth, loginAs, storedSession, stateFile, type DemoRole } from '../support/fixtures';
import { answer, demoExamId, openQuestion, takeExamByApi } from '../support/exam';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The axe-core that @axe-core/playwright injects: its rules with any of TAGS, experimental included, deprecated not. */
const axeCore = createRequire(require.resolve('@axe-core/playwright'))('axe-core') as typeof import('axe-core');
const RULES = axeCore.getRules(TAGS).filter((r) => !r.tags.includes('deprecated')).map((r) => r.ruleId);

const VIEWPORTS = [{ width: 360, height: 740 }, { width: 1280, height: 800 }];

test('the rule set includes the experimental WCAG rules', () => {
  expect(RULES).toEqual(expect.arrayContaining(['label-content-name-mismatch', 'p-as-heading', 'css-orientation-lock', 'td-has-header']));
  expect(RULES.length).toBeGreaterThan(60);
});

/** Runs axe on the page as it is now; fails with a readable list of every serious or critical violation. */
async function expectAccessibleNow(page: Page, what: string) {
  // a dialog fading in has its colours blended with the page behind it: axe would measure a contrast nobody reads
  // (the last stop's CI caught 4.39 on a button mid-animation). Every finite animation ends first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // The product's pages have no frames: axe runs in the page itself (legacy mode, axe.run) rather than in each frame and
  // then again in a new blank page (runPartial + finishRun, which the builder uses for cross-origin frames); that
  // halved each check's time here. resultTypes: only violations are read, so axe keeps one node per passing rule.
  // The same rules run and the same violations are reported either way.
  expect(page.frames(), `${what}: a page with frames needs axe's frame mode`).toHaveLength(1);
  const { violations } = await new AxeBuilder({ page }).withRules(RULES).options({ resultTypes: ['violations'] }).setLegacyMode().analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join('; ')}`).join('\n')}`);
  expect.soft(report, `${what}: serious or critical axe violations`).toEqual([]);
}

/** The screen as it is, at both viewports: the one the page has first, then the other (it stays at that one). */
async function expectAccessible(page: Page, what: string) {
  const now = page.viewportSize();
  const order = now?.width === VIEWPORTS[1]!.width ? [VIEWPORTS[1]!, VIEWPORTS[0]!] : VIEWPORTS;
  for (const viewport of order) {
    if (page.viewportSize()?.width !== viewport.width) {
      await page.setViewportSize(viewport);
      // the layout follows (media queries at once, the app's breakpoint hooks on their next render)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    await expectAccessibleNow(page, `${what} at ${viewport.width}x${viewport.height}`);
  }
}

/** Opens `url` inside the app, as its own links do (its router; no reload). */
async function visit(page: Page, url: string) {
  // The exam list's first paint (drawn before the app runs, shell/src/index.html) starts the app in the page's idle
  // time: started here at once, and its page has taken the first paint's place before the router is asked.
  await page.evaluate(() => {
    const host = (window as { __epsFirstPaint?: { started?: boolean; go?: () => void } }).__epsFirstPaint;
    if (host && !host.started) host.go?.();
  });
  await page.waitForFunction(() => {
    const host = (window as { __epsFirstPaint?: { painted?: boolean; taken?: boolean } }).__epsFirstPaint;
    return !host?.painted || host.taken === true;
  });
  // what is on screen now: the next screen's heading is a new one
  await page.evaluate(() => document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-axe-seen', '')));
  await page.evaluate((u) => {
    history.pushState(null, '', u);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
  await expect(page).toHaveURL((u) => u.pathname === url);
}

/** Waits until the screen has painted its own content (its heading, no spinner, no skeleton) before it is checked. */
async function settled(page: Page, heading?: RegExp | string) {
  // (a remote's first load and its data can take longer than expect's 10 s on a busy machine: the page's own state decides)
  await expect(page.locator('h1:not([data-axe-seen])').first()).toBeVisible({ timeout: 30_000 });
  if (heading) await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await expect(page.locator('[data-loading], .chakra-spinner, [aria-busy="true"]')).toHaveCount(0);
  // a screen that failed to load is accessible too, and proves nothing: it must have rendered
  await expect(page.getByText('This part of the platform could not be loaded')).toHaveCount(0);
  await expect(page.getByText(/^Error cannot get/)).toHaveCount(0);
}

interface Fixture { studentEmail: string; studentId: string; examId: string; resultId: string }
let fx: Fixture;

test.beforeAll(async ({ request }) => {
  const inst = storedSession('institute');
  const studentEmail = `e2e-a11y-${Date.now()}@example.com`;
  const created = await request.post(`/api/users/createUser/${inst.user._id}`, {
    headers: auth(inst.token),
    data: { firstname: 'Axe', lastname: 'Student', email: studentEmail, password: 'password123', confirmPassword: 'password123' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const studentId = ((await created.json()) as { _id: string })._id;
  const access = await request.post(`/api/examaccess/create/${inst.user._id}`, { headers: auth(inst.token), data: { user: studentId, type: 'ALL' } });
  expect(access.ok(), await access.text()).toBeTruthy();
  const signin = await request.post('/api/auth/signin', { data: { email: studentEmail, password: 'password123' } });
  const me = (await signin.json()) as { token: string };
  const examId = await demoExamId(request, me.token, studentId);
  const resultId = await takeExamByApi(request, me.token, studentId, examId, { 1: '1', 2: '2', 21: '3' });
  fx = { studentEmail, studentId, examId, resultId };
});

test.describe('every screen at 360x740 and 1280x800', () => {
  test.use({ viewport: VIEWPORTS[0] });

  test('the login page', async ({ browser }) => {
    const context = await browser.newContext({ viewport: VIEWPORTS[0], storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    await settled(page);
    await expectAccessible(page, '/login');
    // the form's own messages (empty fields) are part of the screen
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(/cannot be empty/).first()).toBeVisible();
    await expectAccessible(page, '/login with its messages');
    await context.close();
  });

  test('every student screen, the exam page and its dialogs', async ({ page }) => {
    test.setTimeout(240_000);
    page.on('dialog', (d) => void d.accept());
    await loginAs(page, fx.studentEmail, 'password123');
    await page.goto('/student/exams');
    for (const [url, heading] of [
      ['/student/exams', /Available Exams/],
      ['/student/results', /List of Results/],
      [`/student/results/${fx.resultId}`, undefined],
      [`/student/results/${fx.resultId}/print`, undefined],
      ['/student/profile', /Profile/],
      ['/student/contact', undefined],
    ] as const) {
      if (new URL(page.url()).pathname !== url) await visit(page, url);
      await settled(page, heading);
      await expectAccessible(page, url);
    }
    // the start page, reached as a student does (from the list), with the exam downloaded to the device
    await visit(page, '/student/exams');
    await settled(page, /Available Exams/);
    await page.getByRole('button', { name: /^Start / }).first().click();
    await expect(page).toHaveURL(/\/student\/exams\/start\//);
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeEnabled({ timeout: 60_000 });
    await expect(page.locator('[data-loading], .chakra-spinner, [aria-busy="true"]')).toHaveCount(0);
    await expectAccessible(page, 'the start page');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/student\/exams\/exam\//);
    await expect(page.getByTestId('countdown')).toBeVisible();
    await expect(page.locator('[data-loading], .chakra-spinner, [aria-busy="true"]')).toHaveCount(0);
    await expectAccessible(page, 'the exam page (every question)');
    // a reading question answered, and a listening question with its audio controls
    await answer(page, 1, '2');
    await expectAccessible(page, 'the exam page (a reading question)');
    await openQuestion(page, 25);
    await expectAccessible(page, 'the exam page (a listening question)');
    await page.getByRole('button', { name: 'Total Question' }).click();
    await page.getByRole('button', { name: 'Submit And Finish Exam' }).click();
    await expect(page.getByText('Time is still remaining , Are you sure want to submit and end exam?')).toBeVisible();
    await expectAccessible(page, 'the submit confirmation');
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByTestId('exam-ended').getByText('Congratulation, Exam Ended')).toBeVisible();
    await expectAccessible(page, "the 'Congratulation, Exam Ended' dialog");
  });

  for (const role of ['institute', 'admin'] as const satisfies readonly DemoRole[]) {
    test.describe(`the ${role}`, () => {
      test.use({ storageState: stateFile(role) });

      test(`every ${role} screen`, async ({ page }) => {
        test.setTimeout(360_000);
        const area = `/${role}`;
        const me = storedSession(role);
        const screens: [string, RegExp | undefined][] = [
          [`${area}/users`, undefined],
          [`${area}/users/${fx.studentId}`, undefined],
          [`${area}/profile`, /Profile/],
          [`${area}/exams`, undefined],
          [`${area}/exams/exam/${fx.examId}`, undefined],
          [`${area}/exams/exam/${fx.examId}/results`, undefined],
          [`${area}/exams/exam/${fx.examId}/results/${fx.resultId}`, undefined],
          [`${area}/exams/exam/${fx.examId}/summary`, undefined],
          [`${area}/results`, undefined],
          [`${area}/results/${fx.resultId}`, undefined],
        ];
        if (role === 'admin') {
          screens.push(
            [`${area}/institutes/${storedSession('institute').user._id}`, undefined],
            [`${area}/reports`, undefined],
            [`${area}/categories`, undefined],
            [`${area}/transferexam`, undefined],
            [`${area}/users/${me.user._id}`, undefined],
          );
        }
        await page.goto(screens[0]![0]);
        for (const [url, heading] of screens) {
          if (new URL(page.url()).pathname !== url) await visit(page, url);
          await settled(page, heading);
          await expectAccessible(page, url);
        }
        // The exam list's Add Exams dialog, and the user detail's tabs (User Access among them).
        await visit(page, `${area}/exams`);
        await settled(page);
        await page.getByRole('button', { name: /Add Exams?/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page, `${area}/exams: the Add Exams dialog`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        // the Add Questions dialog, on an exam of this account's own (a new one: room for questions)
        const created = await page.request.post(`/api/exams/create/${me.user._id}`, {
          headers: auth(me.token), data: { title: `Axe ${role} ${Date.now()}`, is_cbt: false },
        });
        expect(created.ok(), await created.text()).toBeTruthy();
        const ownExam = ((await created.json()) as { _id: string })._id;
        await visit(page, `${area}/exams/exam/${ownExam}`);
        await settled(page);
        await page.getByRole('button', { name: /Add Questions?/ }).first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page, `${area}/exams/exam/:id: the Add Questions dialog`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await visit(page, `${area}/users/${fx.studentId}`);
        await settled(page);
        const accessTab = page.getByRole('tab', { name: /User Access/ });
        if (await accessTab.count()) {
          await accessTab.click();
          await expect(page.locator('[data-loading], .chakra-spinner, [aria-busy="true"]')).toHaveCount(0);
          await expectAccessible(page, `${area}/users/:id, User Access`);
        }
      });
    });
  }
});
