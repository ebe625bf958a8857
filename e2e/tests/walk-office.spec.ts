/**
 * What a new user met in the back office (issue 37): one attempt shown with one submission time everywhere (Today's
 * Results labels the start apart), the admin dashboard's link to the exams, the not-found page's Goto Home link, the
 * exam dialog's title rules (an over-long title stopped by the form, no message before the title is touched), the
 * UBT exam's Category, and an audio upload's own toast.
 */
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { auth, createInstitute, expectToast, loginApi, loginAs, stateFile, storedSession, useStoredSession } from '../support/fixtures';
import { demoExamId } from '../support/exam';

const MEDIA = path.resolve(__dirname, '../../server/seed/media');
/** A field label, with or without the required star. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** YYYY-MM-DD HH:MM of an instant in Asia/Kathmandu (the zone of the users made here and of the browser). */
function wall(at: Date) {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Kathmandu', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  }).formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The cell of `row` under the column headed `header` (the table holding the row). */
async function cellUnder(table: Locator, row: Locator, header: string) {
  await expect(row).toBeVisible({ timeout: 30_000 }); // the table has loaded
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const i = headers.indexOf(header);
  expect(i, `a column headed ${header} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(i);
}

async function openAddExam(page: Page) {
  await page.getByRole('button', { name: 'Add Exams' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Exam' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('one submitted attempt shows the same submission time on Today\'s Results, the Result List and the result page', async ({ page, request }) => {
  test.setTimeout(240_000);
  const t = tag();
  const { session: institute, ...inst } = await createInstitute(request, {
    name: `Walk Academy ${t}`, email: `walk-inst-${t}@example.com`, password: 'institute-pass-1', institute_role: 0,
  });
  const student = { email: `walk-student-${t}@example.com`, password: 'student-pass-1' };
  const made = await request.post(`/api/users/createUser/${institute.user._id}`, {
    headers: auth(institute.token),
    data: { firstname: 'Walk', lastname: 'Student', email: student.email, password: student.password, confirmPassword: student.password },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const studentId = (await made.json())._id as string;
  expect((await request.post(`/api/examaccess/create/${institute.user._id}`, { headers: auth(institute.token), data: { user: studentId, type: 'ALL' } })).ok()).toBeTruthy();

  // Started in one minute, submitted in the next (the server's clock is this machine's).
  const me = await loginApi(request, student.email, student.password);
  const examId = await demoExamId(request, me.token, studentId);
  const started = await request.post(`/api/reports/create/${studentId}`, { headers: auth(me.token), data: { exam: examId } });
  expect(started.ok(), await started.text()).toBeTruthy();
  const attempt = (await started.json()) as { _id: string; startedAt: string };
  const startedAt = new Date(attempt.startedAt);
  const nextMinute = Math.ceil((startedAt.getTime() + 1) / 60_000) * 60_000;
  await expect.poll(() => Date.now() >= nextMinute + 1500, { timeout: 75_000, intervals: [500] }).toBe(true);
  const submitted = await request.post(`/api/results/create/${examId}/${studentId}`, { headers: auth(me.token), data: { report: attempt._id } });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
  const resultId = ((await submitted.json()) as { resultId: string }).resultId;
  const result = await request.get(`/api/results/${resultId}/${studentId}`, { headers: auth(me.token) });
  expect(result.ok(), await result.text()).toBeTruthy();
  const submittedAt = wall(new Date(((await result.json()) as { result: { createdAt: string } }).result.createdAt));
  expect(submittedAt).not.toBe(wall(startedAt));

  // The student's result page: the submission time.
  await loginAs(page, student.email, student.password);
  await page.goto(`/student/results/${resultId}`);
  await expect(page.getByTestId('result-Date')).toHaveText(submittedAt, { timeout: 30_000 });

  // The institute's Today's Results: the start and the submission, each under its own name.
  await loginAs(page, inst.email, inst.password);
  await page.goto('/institute');
  await page.getByRole('link', { name: 'Todays Results' }).click();
  const dayTable = page.getByRole('table');
  const dayRow = page.getByRole('row', { name: new RegExp(student.email) });
  await expect(dayRow).toBeVisible({ timeout: 30_000 });
  await expect(await cellUnder(dayTable, dayRow, 'Submitted')).toHaveText(submittedAt);
  await expect(await cellUnder(dayTable, dayRow, 'Started')).toHaveText(wall(startedAt));
  // the student's detail (Results): the submission time
  await page.goto(`/institute/users/${studentId}`);
  const userRow = page.getByRole('row', { name: new RegExp(student.email) });
  await expect(await cellUnder(page.getByRole('table'), userRow, 'Submitted')).toHaveText(submittedAt);

  // The admin: Today's Results, and the institute's Result List.
  await useStoredSession(page, 'admin');
  await page.goto('/admin/results');
  // everyone's attempts of the day (other tests' too): the student's by its email
  await page.getByRole('textbox', { name: 'Search by Email' }).fill(student.email);
  const adminDayRow = page.getByRole('row', { name: new RegExp(student.email) });
  await expect(adminDayRow).toBeVisible({ timeout: 30_000 });
  await expect(await cellUnder(page.getByRole('table'), adminDayRow, 'Submitted')).toHaveText(submittedAt);
  await page.goto(`/admin/institutes/${institute.user._id}`);
  await page.getByRole('tab', { name: 'Result List' }).click();
  const listRow = page.getByRole('row', { name: new RegExp(student.email) });
  await expect(await cellUnder(page.getByRole('table'), listRow, 'Submitted')).toHaveText(submittedAt);
});

test.describe('the demo admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('the dashboard links to the exams', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
    const link = page.getByRole('main').getByRole('link', { name: 'Manage Exams' });
    await expect(link).toHaveAttribute('href', '/admin/exams');
    await link.click();
    await expect(page).toHaveURL(/\/admin\/exams$/);
    await expect(page.getByRole('tab', { name: 'UBT EXAM' })).toBeVisible();
  });

  test('the not-found page\'s Goto Home is a link home', async ({ page }) => {
    await page.goto('/admin/no-such-page');
    const home = page.getByRole('link', { name: 'Goto Home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('the exam dialog says nothing of an empty title before it is touched (the CBT switch)', async ({ page, request }) => {
    const admin = storedSession('admin');
    expect((await request.post(`/api/categories/create/${admin.user._id}`, { headers: auth(admin.token), data: { title: `Walk category ${tag()}` } })).ok()).toBeTruthy();
    await page.goto('/admin/exams');
    const dialog = await openAddExam(page);
    // the CBT switch in an empty dialog (the title, focused on opening, is left)
    await dialog.getByText('CBT exam (off: UBT)').click();
    await expect(dialog.getByLabel(label('Reference Exam'))).toBeVisible();
    // a check after it (a category chosen, then the placeholder again) shows its message: the title's would show by then
    await dialog.getByLabel(label('Category')).selectOption({ index: 1 });
    await dialog.getByLabel(label('Category')).selectOption({ index: 0 });
    await expect(dialog.getByText('Category is required')).toBeVisible();
    await expect(dialog.getByText('Title cannot be empty.')).toHaveCount(0);
    // typed and emptied: the title's blur checks it
    await dialog.getByLabel(label('Title')).fill('x');
    await dialog.getByLabel(label('Title')).fill('');
    await dialog.getByLabel(label('Title')).blur();
    await expect(dialog.getByText('Title cannot be empty.')).toBeVisible();
  });

  test('an over-long exam title is stopped by the form with the shared checker\'s message', async ({ page }) => {
    let creates = 0;
    page.on('request', (r) => { if (r.url().includes('/api/exams/create/')) creates++; });
    await page.goto('/admin/exams');
    const dialog = await openAddExam(page);
    await dialog.getByLabel(label('Title')).fill('A'.repeat(1001));
    await dialog.getByRole('button', { name: 'Add Exam' }).click();
    await expect(dialog.getByText('Title should be less than 200 characters.')).toBeVisible();
    await expect(page.getByText(/must NOT have more than/)).toHaveCount(0);
    await expect(dialog).toBeVisible();
    expect(creates).toBe(0);
  });

  test('a UBT exam may have a Category, and a card without one does not show an empty Category', async ({ page, request }) => {
    const admin = storedSession('admin');
    const t = tag();
    const category = `Walk category ${t}`;
    expect((await request.post(`/api/categories/create/${admin.user._id}`, { headers: auth(admin.token), data: { title: category } })).ok()).toBeTruthy();
    await page.goto('/admin/exams');
    const dialog = await openAddExam(page);
    await dialog.getByLabel(label('Title')).fill(`Walk UBT ${t}`);
    await dialog.getByLabel(label('Category')).selectOption({ label: category });
    await dialog.getByRole('button', { name: 'Add Exam' }).click();
    await expectToast(page, 'Successfully added Exam');
    await expect(page.getByRole('article', { name: `Walk UBT ${t}` })).toContainText(`Category: ${category}`);

    const bare = await openAddExam(page);
    await bare.getByLabel(label('Title')).fill(`Walk bare ${t}`);
    await bare.getByRole('button', { name: 'Add Exam' }).click();
    await expectToast(page, 'Successfully added Exam');
    const card = page.getByRole('article', { name: `Walk bare ${t}` });
    await expect(card).toContainText('UBT');
    await expect(card).not.toContainText('Category');
  });

  test('an audio upload says it uploaded audio, an image upload an image', async ({ page, request }) => {
    const admin = storedSession('admin');
    const made = await request.post(`/api/exams/create/${admin.user._id}`, { headers: auth(admin.token), data: { title: `Walk media ${tag()}`, is_cbt: false } });
    expect(made.ok(), await made.text()).toBeTruthy();
    const examId = ((await made.json()) as { _id: string })._id;
    await page.goto(`/admin/exams/exam/${examId}`);
    await page.getByRole('group', { name: 'Question type' }).getByRole('button', { name: /^Listening/ }).click();
    await page.getByRole('button', { name: 'Add Questions' }).click();
    const form = page.getByRole('dialog', { name: 'Add Question' }).getByRole('form', { name: 'Question' });
    await form.getByLabel(label('Listening')).setInputFiles(path.join(MEDIA, 'q21.mp3'));
    await expect(form.getByRole('progressbar', { name: 'Listening upload progress' })).toHaveAttribute('aria-valuenow', '100');
    await expectToast(page, 'Successfully uploaded Audio');
    await expect(page.getByTestId('toast').filter({ hasText: 'Successfully uploaded Image' })).toHaveCount(0);

    await form.getByText('Description is an image').click();
    await form.getByLabel(label('Description')).setInputFiles(path.join(MEDIA, 'img_umbrella.png'));
    await expect(form.getByRole('progressbar', { name: 'Description upload progress' })).toHaveAttribute('aria-valuenow', '100');
    await expectToast(page, 'Successfully uploaded Image');
  });
});
