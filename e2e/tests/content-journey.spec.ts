/**
 * Issue 38's proof as one institute walks it: it exports its exam and the spreadsheet's rows are read back with
 * exceljs; it imports a broken package (the report names its rows; nothing is created), then the good package as a new
 * exam; it assembles a new exam from its bank by the EPS-TOPIK blueprint (the plan first), publishes it through the
 * question list's publish rules; its student sits it and reads the result per item type; last, the Import dialog's
 * report in Nepali, chosen with the app's language switch (Profile). The institute is this file's own: the demo exam
 * is the admin's, so its bank is built by imports (a copy of the demo exam made through the API, as
 * exam-package.spec.ts does, then the package imported in the browser: 80 items, every EPS-TOPIK slot twice over).
 * The student and its access are made through the API (other specs prove those screens).
 */
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ne } from '../support/catalog';
import { answer, answerKeys, demoExamId, startDemoExam, submitFromOverview } from '../support/exam';
import { brokenPackage, examsOf, importCopy, openImport, questionRows, unzip } from '../support/exam-package';
import { auth, createInstitute, expectToast, loginAs, storedSession } from '../support/fixtures';

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const COPY = `Journey copy ${tag}`;
const IMPORTED = `Journey import ${tag}`;
const ASSEMBLED = `Journey form ${tag}`;

test('an institute exports, imports (a broken package first), assembles by the EPS blueprint and publishes; its student sits the exam and reads the score per item type', async ({ page, request }) => {
  test.setTimeout(300_000);
  page.on('dialog', (d) => void d.accept());
  const inst = await createInstitute(request, { name: `Journey Academy ${tag}`, email: `journey-${tag}@example.com`, password: 'institute-pass-1' });
  const demo = await demoExamId(request, storedSession('student').token, storedSession('student').user._id);
  await importCopy(request, storedSession('admin'), demo, inst.session, COPY);

  await loginAs(page, inst.email, inst.password);
  await page.goto('/institute/exams');
  const copy = page.getByRole('article', { name: COPY });

  // 1. Export, and the spreadsheet's rows read back
  const [download] = await Promise.all([page.waitForEvent('download'), copy.getByRole('button', { name: `Export ${COPY}` }).click()]);
  const pkg = await fs.readFile((await download.path())!);
  const files = await unzip(pkg);
  const rows = await questionRows(files.get('questions.xlsx')!);
  expect(rows).toHaveLength(41);
  const header = rows[0]!;
  const row = (n: number) => Object.fromEntries(header.map((c, i) => [c, rows[n]![i]]));
  expect(row(1)).toMatchObject({ question_number: '1', type: 'Reading', item_type: 'picture_word', answer: '2' });
  expect(row(40)).toMatchObject({ question_number: '40', type: 'Listening', item_type: 'story', listening: 'q40-listening.mp3' });

  // 2. A broken package: the report names its rows; Import stays off; nothing is created
  const before = await examsOf(request, inst.session);
  const bad = await brokenPackage(files, (r) => {
    r[4]!.answer = '9';
    r[24]!.item_type = 'no_such_type';
  });
  let d = await openImport(page, 'Import Exam');
  await d.getByLabel('Package file').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: bad });
  await d.getByRole('button', { name: 'Check package' }).click();
  const report = d.getByRole('table', { name: 'Problems in the package' });
  await expect(report.getByRole('row').filter({ hasText: 'Invalid Answer.' }).getByRole('cell')).toHaveText(['6', '5', 'answer', 'Invalid Answer.']);
  await expect(report.getByRole('row').filter({ hasText: 'item_type' }).getByRole('cell').first()).toHaveText('26');
  await expect(d.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await d.getByRole('button', { name: 'Cancel' }).click();
  expect(await examsOf(request, inst.session)).toEqual(before);

  // 3. The good package as a new exam
  d = await openImport(page, 'Import Exam');
  await d.getByLabel('Package file').setInputFiles({ name: 'package.zip', mimeType: 'application/zip', buffer: pkg });
  await d.getByLabel('Title').fill(IMPORTED);
  await d.getByRole('button', { name: 'Check package' }).click();
  await expect(d.getByTestId('package-report')).toContainText('No problems found: 40 questions and');
  await d.getByRole('button', { name: 'Import', exact: true }).click();
  await expectToast(page, 'Successfully imported Exam', IMPORTED);
  await expect(page.getByRole('article', { name: IMPORTED })).toContainText('Questions: 40');

  // 4. A new exam from the bank by the EPS-TOPIK blueprint: every number filled, the plan before Create
  await page.getByRole('button', { name: 'New exam from bank' }).click();
  const assemble = page.getByRole('dialog', { name: 'New exam from bank' });
  await assemble.getByRole('textbox', { name: 'Title' }).fill(ASSEMBLED);
  await expect(assemble.getByRole('combobox', { name: 'Blueprint' })).toHaveValue('eps');
  await assemble.getByRole('button', { name: 'Show plan' }).click();
  await expect(assemble.getByRole('table', { name: 'Plan of the new exam' }).getByRole('row')).toHaveCount(41);
  await expect(assemble.getByText(/cannot be filled/)).toHaveCount(0);
  await assemble.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Exam created from the bank');
  const form = (await examsOf(request, inst.session)).find((e) => e.title === ASSEMBLED)!;
  expect(form).toMatchObject({ status: 0, question_count: 40 });

  // 5. Published through the question list (the usual publish rules)
  await page.getByRole('article', { name: ASSEMBLED }).getByRole('button', { name: `View ${ASSEMBLED}` }).click();
  await page.getByRole('button', { name: 'Ready To Publish' }).click();
  await expectToast(page, 'Successfully Published Exam');
  expect((await examsOf(request, inst.session)).find((e) => e._id === form._id)).toMatchObject({ status: 1 });

  // 6. A student of the institute with access sits it: 1, 2 and 25 right, nothing else answered
  const email = `journey-student-${tag}@example.com`;
  const created = await request.post(`/api/users/createUser/${inst.session.user._id}`, {
    headers: auth(inst.session.token),
    data: { firstname: 'Sita', lastname: 'Journey', email, password: 'password123', confirmPassword: 'password123' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const studentId = ((await created.json()) as { _id: string })._id;
  const access = await request.post(`/api/examaccess/create/${inst.session.user._id}`, {
    headers: auth(inst.session.token), data: { user: studentId, type: 'ALL' },
  });
  expect(access.ok(), await access.text()).toBeTruthy();
  const key = await answerKeys(request, form._id, inst.session);

  await loginAs(page, email, 'password123');
  await startDemoExam(page, ASSEMBLED);
  for (const n of [1, 2, 25]) await answer(page, n, key.get(n)!);
  const resultId = await submitFromOverview(page);

  // 7. The result per item type, weakest first (the assembled exam's types are the blueprint's)
  await page.goto(`/student/results/${resultId}`);
  const byType = page.getByRole('region', { name: 'Score by item type' });
  await expect(byType).toBeVisible({ timeout: 30_000 });
  const lines = byType.getByTestId('item-type-score').locator('p');
  await expect(lines).toHaveCount(14);
  await expect(lines.first()).toHaveText('Reading, fill the blank: 0 of 4');
  await expect(lines.nth(12)).toHaveText('Listening, picture to answer: 1 of 5');
  await expect(lines.last()).toHaveText('Reading, picture to word: 2 of 2');

  // 8. The Import dialog's report in Nepali, chosen in the institute's Profile
  await loginAs(page, inst.email, inst.password);
  await page.goto('/institute/profile');
  await page.getByLabel('Language').selectOption('ne');
  // the switch takes effect in place: the sidebar turns Nepali, and leads to the exam list
  await page.getByRole('navigation', { name: ne('shared-ui', 'Sidebar') }).getByRole('link', { name: ne('institute-app', 'Exam List') }).click();
  d = await openImport(page, ne('back-office', 'Import Exam'));
  await d.getByLabel(ne('back-office', 'Package file')).setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: bad });
  await d.getByRole('button', { name: ne('back-office', 'Check package') }).click();
  const nepali = d.getByRole('table', { name: ne('back-office', 'Problems in the package') });
  await expect(nepali.getByRole('row').filter({ hasText: ne('shared-api', 'Invalid Answer.') }).getByRole('cell'))
    .toHaveText(['६', '५', 'answer', ne('shared-api', 'Invalid Answer.')]);
  await expect(d.getByRole('button', { name: ne('back-office', 'Import'), exact: true })).toBeDisabled();
});
