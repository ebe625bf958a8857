/**
 * The question bank in the browser: an institute opens Question Bank from the sidebar, searches its items (Korean
 * text) and previews one, then adds that item from the bank into a free number of another of its exams; the admin
 * assembles a new exam from the bank by the EPS blueprint (the plan first) and finds it in the exam list.
 */
import { expect, test } from '@playwright/test';
import { auth, createInstitute, loginAs, useStoredSession } from '../support/fixtures';

test('an institute searches its question bank and adds an item from it into an exam', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `bank-${tag}@example.com`;
  const { session: inst } = await createInstitute(request, { name: `Bank Academy ${tag}`, email, password: 'password123' });
  const headers = auth(inst.token);
  const newExam = async (title: string) => {
    const r = await request.post(`/api/exams/create/${inst.user._id}`, { headers, data: { title, is_cbt: false } });
    expect(r.ok(), await r.text()).toBeTruthy();
    return ((await r.json()) as { _id: string })._id;
  };
  const source = await newExam(`Bank Source ${tag}`);
  const target = await newExam(`Bank Target ${tag}`);
  for (const [n, heading] of [[1, '사과를 먹습니다'], [2, '학교에 갑니다']] as const) {
    const r = await request.post(`/api/questions/create/new/${source}/${inst.user._id}`, {
      headers,
      data: {
        type: 'Reading', question_number: n, main_heading: heading, main_heading_image: false, heading: '', description: '',
        description_image: false, description_boxed: false, option_type: 'text', option1: '가', option2: '나', option3: '다', option4: '라',
        listening: '', answer: '1', answer_details: '',
      },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
  }

  await loginAs(page, email, 'password123');
  await page.goto('/institute');
  await page.getByRole('link', { name: 'Question Bank' }).click();
  await expect(page).toHaveURL(/\/institute\/question-bank$/);
  const table = page.getByRole('table', { name: 'Question Bank' });
  await expect(table.getByText('학교에 갑니다')).toBeVisible();
  await expect(table.getByText('사과를 먹습니다')).toBeVisible();

  await page.getByRole('textbox', { name: /Search/ }).fill('사과');
  await expect(table.getByText('학교에 갑니다')).toHaveCount(0);
  await expect(table.getByText('사과를 먹습니다')).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(`Bank Source ${tag}`);
  await expect(table.getByRole('row').nth(1)).toContainText('Never');

  // the preview draws the student's view of the item; keyboard: Enter opens, Escape closes
  const preview = page.getByRole('button', { name: 'Preview: 사과를 먹습니다' });
  await preview.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Preview' });
  await expect(dialog.getByText('사과를 먹습니다')).toBeVisible();
  await expect(dialog.getByText('가', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Add from bank into the target exam's free number 1
  await page.goto(`/institute/exams/exam/${target}`);
  await page.getByRole('button', { name: 'Add from bank' }).click();
  const add = page.getByRole('dialog', { name: 'Add from bank' });
  await expect(add.getByRole('combobox', { name: 'Question number' })).toHaveValue('1');
  await add.getByRole('textbox', { name: /Search/ }).fill('사과');
  await expect(add.getByText('학교에 갑니다')).toHaveCount(0);
  await add.getByRole('button', { name: 'Add 사과를 먹습니다 as question 1' }).click();
  await expect(page.getByText('Question 1 added from the bank')).toBeVisible();
  await expect(add).toHaveCount(0);
  const questions = page.getByRole('table', { name: 'Reading questions' });
  await expect(questions.getByRole('row', { name: /사과를 먹습니다/ })).toContainText('1');

  // the bank still has one row for the item, now in both exams
  await page.goto('/institute/question-bank');
  await page.getByRole('textbox', { name: /Search/ }).fill('사과');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(`Bank Source ${tag}, Bank Target ${tag}`);
});

test('a new exam assembled from the bank by the EPS blueprint appears in the exam list', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Assembled ${Date.now().toString(36)}`;
  // the admin's bank: every question (the demo exams fill every slot of the EPS blueprint)
  await useStoredSession(page, 'admin');
  await page.goto('/admin/exams');
  await page.getByRole('button', { name: 'New exam from bank' }).click();
  const dialog = page.getByRole('dialog', { name: 'New exam from bank' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await expect(dialog.getByRole('combobox', { name: 'Blueprint' })).toHaveValue('eps');
  await dialog.getByRole('textbox', { name: /Target difficulty/ }).fill('0.6');
  await dialog.getByRole('button', { name: 'Show plan' }).click();
  const plan = dialog.getByRole('table', { name: 'Plan of the new exam' });
  await expect(plan.getByRole('row')).toHaveCount(41);
  await expect(dialog.getByText(/Reading: mean p/)).toBeVisible();
  await expect(dialog.getByText(/cannot be filled/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Exam created from the bank')).toBeVisible();
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Hidden');
  await expect(card).toContainText('Questions: 40');
});
