/**
 * What a new user hit in a real browser (issue 20): each test is one finding, seen the way the user saw it.
 */
import { expect, test } from '@playwright/test';
import { DEMO, auth, loginAs, stateFile, storedSession } from '../support/fixtures';
import { DEMO_EXAM, answer, answerKeys, demoExamId, finishRunningAttempt, startDemoExam, takeExamByApi } from '../support/exam';

test.describe('login on the first try', () => {
  // A person clicks once, at once: `force` clicks without waiting for the button to become enabled (Playwright's own
  // wait would hide a button that ignores the first click). The app's scripts arrive late, as on a phone's link: they
  // are held until the click (or Enter) has landed on the page, so it always lands before the app runs.
  let scriptsArrive: () => void;
  test.beforeEach(async ({ page }) => {
    const held = new Promise<void>((resolve) => { scriptsArrive = resolve; });
    await page.route(/\.js($|\?)/, async (route) => {
      await held;
      await route.continue();
    });
  });
  test.afterEach(() => scriptsArrive());
  // `fill` sets the values without key presses, as a password manager's autofill does: the app has not started yet.
  test('a form filled without typing signs in on the first click', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.student.email);
    await page.getByLabel('Password').fill(DEMO.student.password);
    await page.getByRole('button', { name: 'Login' }).click({ force: true });
    scriptsArrive();
    await expect(page).toHaveURL(/\/student$/);
  });

  test('a form filled without typing signs in on the first Enter', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.student.email);
    await page.getByLabel('Password').fill(DEMO.student.password);
    await page.getByLabel('Password').press('Enter');
    scriptsArrive();
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
    scriptsArrive();
    await expect(page).toHaveURL(/\/student$/);
  });

  test('an empty form shows the messages on the first click', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click({ force: true });
    scriptsArrive();
    await expect(page.getByText('Email cannot be empty.')).toBeVisible();
    await expect(page.getByText('Password cannot be empty.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('a submission made offline', () => {
  // the reload without a connection needs the service worker; the demo student is signed in once by the setup project
  test.use({ serviceWorkers: 'allow', storageState: stateFile('student') });

  test('is kept on the device (a reload too) and stored when the connection is back, then the result dialog opens', async ({ page, context }) => {
    test.setTimeout(150_000);
    page.on('dialog', (d) => void d.accept()); // "Exam is Running": leave the page (the reload)
    const s = storedSession('student');
    const userId = s.user._id;
    const examId = await demoExamId(page.request, s.token, userId);
    await finishRunningAttempt(page.request, s.token, userId, examId);
    await page.goto('/student');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await startDemoExam(page);
    await answer(page, 1, '2');
    await answer(page, 2, '1');
    await expect(page.getByTestId('save-status')).toHaveText('All answers saved');

    const pending = page.getByTestId('submit-pending');
    await context.setOffline(true);
    try {
      await answer(page, 3, '3'); // chosen offline: kept on the device, sent with the submission
      await page.getByRole('button', { name: 'Total Question' }).click();
      await page.getByRole('button', { name: 'Submit And Finish Exam' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm.getByText('Time is still remaining , Are you sure want to submit and end exam?')).toBeVisible();
      await expect(confirm.getByText(/This device is offline/)).toBeVisible();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(pending).toBeVisible();
      await expect(pending).toContainText('sent when the connection is back');
      await expect(page.getByTestId('exam-ended')).toHaveCount(0);
      await page.reload();
      await expect(pending).toBeVisible();
      await expect(page.getByTestId('device-copy')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }

    const ended = page.getByTestId('exam-ended');
    await expect(ended.getByText('Congratulation, Exam Ended')).toBeVisible({ timeout: 30_000 });
    await expect(pending).toHaveCount(0);
    await expect(page.getByTestId('ended-Total Attempt')).toHaveText('3');
    const shownCorrect = (await page.getByTestId('ended-Total Correct').innerText()).trim();
    const shownPercentage = (await page.getByTestId('ended-Your Percentage').innerText()).trim();
    await page.getByRole('button', { name: 'View Result' }).click();
    await expect(page).toHaveURL(/\/student\/results\/[^/]+$/);
    const resultId = page.url().split('/').pop()!;
    const byNumber = await answerKeys(page.request, examId);
    const correct = [[1, '2'], [2, '1'], [3, '3']].filter(([n, a]) => byNumber.get(n as number) === a).length;

    // the figures of the dialog were the server's for these three choices, and the list has the result (newest first)
    expect(shownCorrect).toBe(String(correct));
    expect(shownPercentage).toBe(`${((correct / 40) * 100).toFixed(2)}%`);
    await page.goto('/student/results');
    await expect(page.getByRole('row').nth(1)).toContainText(`${correct}/40`);
    const results = await page.request.get(`/api/results/user/${userId}`, { headers: auth(s.token) });
    expect(((await results.json()) as { results: { _id: string }[] }).results[0]?._id).toBe(resultId);
  });
});

test.describe('a result on a phone (360 x 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, storageState: stateFile('student') });

  test('a tapped question number brings the question into view and moves the focus to it', async ({ page }) => {
    const s = storedSession('student');
    const examId = await demoExamId(page.request, s.token, s.user._id);
    const resultId = await takeExamByApi(page.request, s.token, s.user._id, examId, { 1: '1', 2: '2' });
    await page.goto(`/student/results/${resultId}`);
    await page.getByRole('button', { name: 'Question 1, wrong' }).click();
    const question = page.getByTestId('result-question');
    await expect(question.getByTestId('question-view')).toHaveAttribute('data-question', '1');
    await expect(question).toBeFocused();
    // its start is on screen, not only its last pixels below the question numbers
    await expect.poll(() => question.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await expect.poll(() => question.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(740 / 2);
  });

});

test.describe('a result\'s options on a phone (360 x 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, storageState: stateFile('student') });

  test('"Your answer · wrong" stays inside its option card, and nothing is wider than the screen', async ({ page }) => {
    const s = storedSession('student');
    const examId = await demoExamId(page.request, s.token, s.user._id);
    // wrong picks: a picture option (3) and a long sentence (20)
    const resultId = await takeExamByApi(page.request, s.token, s.user._id, examId, { 3: '1', 20: '1' });
    await page.goto(`/student/results/${resultId}`);
    for (const n of [3, 20]) {
      await page.getByRole('button', { name: `Question ${n}, wrong` }).click();
      const option = page.getByTestId('option-1');
      const badge = option.getByText('Your answer · wrong');
      await expect(badge).toBeVisible();
      const card = (await option.boundingBox())!;
      const b = (await badge.boundingBox())!;
      expect(b.x + b.width, `question ${n}`).toBeLessThanOrEqual(card.x + card.width);
      expect(b.x).toBeGreaterThanOrEqual(card.x);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `question ${n}`).toBeLessThanOrEqual(360);
    }
  });
});

test.describe('the demo student, signed in once', () => {
  test.use({ storageState: stateFile('student') });

  test('the student\'s results show dates as YYYY-MM-DD (with HH:MM where the time matters)', async ({ page }) => {
    const s = storedSession('student');
    const examId = await demoExamId(page.request, s.token, s.user._id);
    await takeExamByApi(page.request, s.token, s.user._id, examId, { 1: '2' });
    await page.goto('/student/results');
    const dateCell = page.getByRole('row').nth(1).getByRole('cell').nth(2);
    await expect(dateCell).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(page.getByTestId('results-range')).toHaveText(/^From \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/);
    await page.getByRole('button', { name: /^View result of / }).first().click();
    await expect(page.getByTestId('result-summary')).toContainText(/Date\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });
});

test.describe('the demo student with no institute, signed in once', () => {
  test.use({ storageState: stateFile('newStudent') });

  test('another student\'s result says there is no result for you, with no Retry', async ({ page }) => {
    const owner = storedSession('student');
    const examId = await demoExamId(page.request, owner.token, owner.user._id);
    const resultId = await takeExamByApi(page.request, owner.token, owner.user._id, examId, { 1: '2' });
    await page.goto(`/student/results/${resultId}`);
    await expect(page.getByText("User haven't completed exam")).toBeVisible();
    await expect(page.getByText('No Result Found')).toBeVisible();
    await expect(page.getByText('Forbidden')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });

  test('a student with no institute finds the support number, as a phone link, on the contact page', async ({ page }) => {
    const config = (await (await page.request.get('/remotes.json')).json()) as { contact: { phone: string } };
    expect(config.contact.phone).toMatch(/\d{10}/);
    await page.goto('/student/exams');
    await page.getByRole('link', { name: 'See How to Contact?' }).click();
    await expect(page).toHaveURL(/\/student\/contact$/);
    const phone = page.getByRole('link', { name: config.contact.phone });
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute('href', `tel:${config.contact.phone}`);
  });
});

test('the login page\'s phone and social links look like links, before and after the app starts', async ({ page }) => {
  const looksLikeLink = async () => {
    const info = page.getByTestId('contact-info');
    for (const link of [info.getByRole('link').first(), info.getByRole('link', { name: 'Facebook' })]) {
      await expect(link).toHaveCSS('text-decoration-line', 'underline');
      const [color, text] = await Promise.all([
        link.evaluate((el) => getComputedStyle(el).color),
        info.evaluate((el) => getComputedStyle(el).color),
      ]);
      expect(color).not.toBe(text);
    }
  };
  // the prerendered page alone (no app script)
  await page.route(/\.js($|\?)/, (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByTestId('contact-info')).toContainText(/\d{10}/);
  await looksLikeLink();
  await page.unroute(/\.js($|\?)/);
  // the app's page
  await page.goto('/login');
  await page.getByLabel('Email').click();
  await expect(page.locator('#prerendered-login')).toHaveCount(0);
  await expect(page.getByTestId('contact-info')).toContainText(/\d{10}/);
  await looksLikeLink();
});

test.describe('a running attempt', () => {
  test('is offered as Resume with the time left, and says why it can be resumed once the access has changed', async ({ page }) => {
    test.setTimeout(90_000);
    page.on('dialog', (d) => void d.accept()); // "Exam is Running": leave the exam page
    // A student of the demo institute allowed one attempt of the demo exam.
    const inst = storedSession('institute');
    const email = `e2e-resume-${Date.now()}@example.com`;
    const created = await page.request.post(`/api/users/createUser/${inst.user._id}`, {
      headers: auth(inst.token),
      data: { firstname: 'Resume', lastname: 'Student', email, password: 'password123', confirmPassword: 'password123' },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const studentId = ((await created.json()) as { _id: string })._id;
    const demo = storedSession('student');
    const examId = await demoExamId(page.request, demo.token, demo.user._id);
    const me = await loginAs(page, email, 'password123'); // a user of its own: the test uses up its one attempt
    const access = await page.request.post(`/api/examaccess/create/${inst.user._id}`, {
      headers: auth(inst.token),
      data: { user: studentId, type: 'SELECTEDEXAM', exams: [{ exam: examId, total_times: 1 }] },
    });
    expect(access.ok(), await access.text()).toBeTruthy();

    await page.goto('/student/exams');
    const card = page.getByRole('region', { name: 'Available Exams' }).getByRole('article', { name: DEMO_EXAM });
    await expect(card.getByRole('button', { name: `Start ${DEMO_EXAM}` })).toBeVisible();
    await card.getByRole('button', { name: `Start ${DEMO_EXAM}` }).click();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/student\/exams\/exam\//);
    await expect(page.getByTestId('count-total')).toHaveText('Total: 40');

    // Back to the list while the clock runs (the last attempt is used: a new one could not be started)
    await page.goto('/student/exams');
    await expect(card.getByRole('button', { name: `Start ${DEMO_EXAM}` })).toHaveCount(0);
    const resume = card.getByRole('button', { name: `Resume ${DEMO_EXAM}` });
    await expect(resume).toHaveText('Resume');
    await expect(card).toContainText(/Time left: (50|49) min/);
    await expect(card).toContainText('You have no attempts left for this exam.');
    await expect(card).toContainText('You can still finish the attempt you started.');
    await resume.click();
    await expect(page).toHaveURL(/\/student\/exams\/start\//);
    await expect(page.getByRole('button', { name: 'Get Started' })).toHaveCount(0);
    await expect(page.getByText(/Time left: (50|49) min/)).toBeVisible();
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect(page).toHaveURL(/\/student\/exams\/exam\//);
    await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
    await finishRunningAttempt(page.request, me.token, me.user._id, examId);
  });
});

test.describe('the demo admin, signed in once', () => {
  test.use({ storageState: stateFile('admin') });

  test('the back office: a published exam\'s questions offer no Delete that can only fail, and say why', async ({ page }) => {
    const admin = storedSession('admin');
    const demo = storedSession('student');
    const examId = await demoExamId(page.request, demo.token, demo.user._id);
    await page.goto(`/admin/exams/exam/${examId}`);
    // the first load of the admin's remote and its data (slow when the machine is busy): the page's state, not a clock
    await expect(page.getByText('Published', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Edit question 1', exact: true })).toBeEnabled();
    const del = page.getByRole('button', { name: 'Delete question 1', exact: true });
    await expect(del).toBeDisabled();
    await expect(page.getByText('Unpublish the exam before removing questions')).toBeVisible();
    expect(admin.user.role).toBe(2);
  });


  test('the back office: a CBT exam just added is shown on the CBT EXAM tab', async ({ page }) => {
    const title = `E2E CBT exam ${Date.now()}`;
    await page.goto('/admin/exams');
    await expect(page.getByRole('tab', { name: 'UBT EXAM' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Add Exams' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Exam' });
    await dialog.getByLabel(/^Title\s*\*?$/).fill(title);
    await dialog.getByText('CBT exam (off: UBT)').click();
    await dialog.getByLabel(/^Category\s*\*?$/).selectOption({ label: 'EPS-TOPIK General' });
    await dialog.getByLabel(/^Reference Exam\s*\*?$/).selectOption({ label: DEMO_EXAM });
    await dialog.getByRole('button', { name: 'Add Exam' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('tab', { name: 'CBT EXAM' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  });
});
