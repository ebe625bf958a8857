/**
 * Exams as packages (issue 38), end to end in the back office: an institute exports its copy of the demo exam from
 * the exam list, the spreadsheet's rows are read back with exceljs; it imports a broken package first (the dry run's
 * report names its rows and columns, Import stays off, nothing is created), then the good package as a new hidden
 * exam; the dialog's report once in Nepali. The institute is this file's own; its copy of the demo exam (an export
 * needs the exam's owner: the demo exam is the admin's) is made through the API.
 */
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createInstitute, expectToast, loginAs, storedSession } from '../support/fixtures';
import { demoExamId } from '../support/exam';
import { brokenPackage, examsOf, importCopy, openImport, questionRows, unzip } from '../support/exam-package';
import { ne } from '../support/catalog';

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const COPY = `Demo copy ${tag}`;

test('an institute exports its exam, reads the rows, imports a broken package (reported by row, nothing created), then the package as a new exam', async ({ page, request }) => {
  test.setTimeout(180_000);
  const inst = await createInstitute(request, { name: `Package Academy ${tag}`, email: `package-${tag}@example.com`, password: 'institute-pass-1' });
  // its own copy of the demo exam: the admin's export, imported by the institute through the API
  const demo = await demoExamId(request, storedSession('student').token, storedSession('student').user._id);
  await importCopy(request, storedSession('admin'), demo, inst.session, COPY);

  await loginAs(page, inst.email, inst.password);
  await page.goto('/institute/exams');
  const card = page.getByRole('article', { name: COPY });
  await expect(card).toBeVisible();

  // 1. Export: the ZIP the browser saves, and its spreadsheet's rows
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Export ${COPY}` }).click()]);
  expect(download.suggestedFilename()).toBe(`Demo-copy-${tag}.zip`);
  const pkg = await fs.readFile((await download.path())!);
  const files = await unzip(pkg);
  expect([...files.keys()].slice(0, 3)).toEqual(['questions.xlsx', 'questions.csv', 'exam.csv']);
  expect(files.has('media/q21-listening.mp3')).toBe(true);
  const rows = await questionRows(files.get('questions.xlsx')!);
  expect(rows).toHaveLength(41);
  const header = rows[0]!;
  expect(header.slice(0, 3)).toEqual(['question_number', 'type', 'item_type']);
  const q1 = Object.fromEntries(header.map((c, i) => [c, rows[1]![i]]));
  expect(q1).toMatchObject({ question_number: '1', type: 'Reading', item_type: 'picture_word', description: 'q01-description.png', option2: '우산', answer: '2' });
  const q21 = Object.fromEntries(header.map((c, i) => [c, rows[21]![i]]));
  expect(q21).toMatchObject({ question_number: '21', type: 'Listening', listening: 'q21-listening.mp3' });

  // 2. A broken package: the dry run's report names its rows and columns; Import stays off; nothing is created
  const before = await examsOf(request, inst.session);
  const bad = await brokenPackage(files, (r) => {
    r[0]!.answer = '7';
    r[1]!.question_number = '1';
  });
  let d = await openImport(page, 'Import Exam');
  await d.getByLabel('Package file').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: bad });
  await d.getByRole('button', { name: 'Check package' }).click();
  const report = d.getByRole('table', { name: 'Problems in the package' });
  await expect(report).toBeVisible();
  await expect(d.getByTestId('package-report')).toContainText('2 problems found in 40 questions');
  // row, question number, column, problem
  await expect(report.getByRole('row').filter({ hasText: 'Invalid Answer.' }).getByRole('cell')).toHaveText(['2', '1', 'answer', 'Invalid Answer.']);
  await expect(report.getByRole('row').filter({ hasText: 'Question number already used' }).getByRole('cell'))
    .toHaveText(['3', '1', 'question_number', 'Question number already used']);
  await expect(d.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await d.getByRole('button', { name: 'Cancel' }).click();
  expect(await examsOf(request, inst.session)).toEqual(before);

  // 3. The good package as a new exam, under a title of its own
  d = await openImport(page, 'Import Exam');
  await d.getByLabel('Package file').setInputFiles({ name: 'package.zip', mimeType: 'application/zip', buffer: pkg });
  await d.getByLabel('Title').fill(`Imported ${tag}`);
  await expect(d.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await d.getByRole('button', { name: 'Check package' }).click();
  await expect(d.getByTestId('package-report')).toContainText('No problems found: 40 questions and');
  await d.getByRole('button', { name: 'Import', exact: true }).click();
  await expectToast(page, 'Successfully imported Exam', `Imported ${tag}`);
  await expect(d).toBeHidden();
  const imported = page.getByRole('article', { name: `Imported ${tag}` });
  await expect(imported).toContainText('Hidden');
  await expect(imported).toContainText('Questions: 40');
  const after = await examsOf(request, inst.session);
  expect(after).toHaveLength(before.length + 1);
  expect(after.find((e) => e.title === `Imported ${tag}`)).toMatchObject({ status: 0, question_count: 40 });

  // 4. The dialog's report in Nepali
  await page.evaluate(() => localStorage.setItem('language', 'ne'));
  await page.reload();
  d = await openImport(page, ne('back-office', 'Import Exam'));
  await d.getByLabel(ne('back-office', 'Package file')).setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: bad });
  await d.getByRole('button', { name: ne('back-office', 'Check package') }).click();
  const nepali = d.getByRole('table', { name: ne('back-office', 'Problems in the package') });
  await expect(nepali.getByRole('columnheader', { name: ne('back-office', 'Problem') })).toBeVisible();
  await expect(nepali.getByRole('row').filter({ hasText: ne('shared-api', 'Invalid Answer.') })).toContainText('answer');
  await expect(nepali.getByRole('row').filter({ hasText: ne('shared-api', 'Question number already used') })).toContainText('question_number');
  await expect(d.getByRole('button', { name: ne('back-office', 'Import'), exact: true })).toBeDisabled();
});
