/**
 * Issue 25, WCAG 2.2 AA: every screen of every role, checked with axe-core inside the browser (@axe-core/playwright),
 * has no serious or critical violation. The exam page, its dialogs and the result detail included, on a phone's
 * viewport and a desktop's.
 *
 * A student of the demo institute is made for this file (its attempts are its own), with access to every exam; it
 * finishes the demo exam once through the API so that every result screen has a result to show.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { auth, loginAs, storedSession, stateFile, type DemoRole } from '../support/fixtures';
import { answer, demoExamId, openQuestion, takeExamByApi } from '../support/exam';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page as it is now; fails with a readable list of every serious or critical violation. */
async function expectAccessible(page: Page, what: string) {
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
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join('; ')}`).join('\n')}`);
  expect.soft(report, `${what}: serious or critical axe violations`).toEqual([]);
}

/** Waits until the page has painted its content (no spinner, no skeleton) before it is checked. */
async function settled(page: Page, heading?: RegExp | string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-loading], .chakra-spinner, [aria-busy="true"]')).toHaveCount(0);
  if (heading) await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
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

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the login page', async ({ browser }) => {
      const context = await browser.newContext({ viewport, storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
      await settled(page);
      await expectAccessible(page, '/login');
      // the form's own messages (empty fields) are part of the screen
      await page.getByRole('button', { name: 'Login' }).click();
      await expectAccessible(page, '/login with its messages');
      await context.close();
    });

    test('every student screen, the exam page and its dialogs', async ({ page }) => {
      test.setTimeout(120_000);
      page.on('dialog', (d) => void d.accept());
      await loginAs(page, fx.studentEmail, 'password123');
      for (const [url, heading] of [
        ['/student/exams', /Available Exams/],
        ['/student/results', /List of Results/],
        [`/student/results/${fx.resultId}`, undefined],
        [`/student/results/${fx.resultId}/print`, undefined],
        ['/student/profile', /Profile/],
        ['/student/contact', undefined],
      ] as const) {
        await page.goto(url);
        await settled(page, heading);
        await expectAccessible(page, url);
      }
      // the start page, reached as a student does (from the list), with the exam downloaded to the device
      await page.goto('/student/exams');
      await page.getByRole('button', { name: /^Start / }).first().click();
      await expect(page).toHaveURL(/\/student\/exams\/start\//);
      await expect(page.getByRole('button', { name: 'Get Started' })).toBeEnabled({ timeout: 60_000 });
      await settled(page);
      await expectAccessible(page, 'the start page');
      await page.getByRole('button', { name: 'Get Started' }).click();
      await expect(page).toHaveURL(/\/student\/exams\/exam\//);
      await expect(page.getByTestId('countdown')).toBeVisible();
      await settled(page);
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
          test.setTimeout(180_000);
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
          for (const [url, heading] of screens) {
            await page.goto(url);
            await settled(page, heading);
            await expectAccessible(page, url);
          }
          // The exam list's Add Exams dialog, and the user detail's tabs (User Access among them).
          await page.goto(`${area}/exams`);
          await settled(page);
          await page.getByRole('button', { name: /Add Exams?/ }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expectAccessible(page, `${area}/exams: the Add Exams dialog`);
          await page.keyboard.press('Escape');
          // the Add Questions dialog, on an exam of this account's own (a new one: room for questions)
          const created = await page.request.post(`/api/exams/create/${me.user._id}`, {
            headers: auth(me.token), data: { title: `Axe ${role} ${Date.now()}`, is_cbt: false },
          });
          expect(created.ok(), await created.text()).toBeTruthy();
          const ownExam = ((await created.json()) as { _id: string })._id;
          await page.goto(`${area}/exams/exam/${ownExam}`);
          await settled(page);
          await page.getByRole('button', { name: /Add Questions?/ }).first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expectAccessible(page, `${area}/exams/exam/:id: the Add Questions dialog`);
          await page.keyboard.press('Escape');
          await page.goto(`${area}/users/${fx.studentId}`);
          await settled(page);
          const accessTab = page.getByRole('tab', { name: /User Access/ });
          if (await accessTab.count()) {
            await accessTab.click();
            await settled(page);
            await expectAccessible(page, `${area}/users/:id, User Access`);
          }
        });
      });
    }
  });
}
