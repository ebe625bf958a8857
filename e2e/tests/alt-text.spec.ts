/**
 * Alternative text of question images (issue 25): the institute gives it in the question dialog, beside the image
 * uploads (markup refused with the rule's message), the preview uses it, and the student's exam page has it as the
 * image's alt and in the image option's accessible name; an image without one says which image it is.
 *
 * The exam is the institute's own copy of the demo exam made through the API (the demo exam stays as it is for the
 * other specs), deleted at the end.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { auth, expectToast, stateFile, storedSession } from '../support/fixtures';
import { demoExamId, finishRunningAttempt, openQuestion } from '../support/exam';

const title = `E2E alt text ${Date.now()}`;
let examId = '';
const UMBRELLA = 'A person holding an open umbrella';
const LADDER = 'A wooden ladder';

/** The institute's copy of the demo exam's 40 questions (with their media), not yet published. */
async function copyDemoExam(request: APIRequestContext): Promise<string> {
  const admin = storedSession('admin');
  const inst = storedSession('institute');
  const s = storedSession('student');
  const demo = await demoExamId(request, s.token, s.user._id);
  const created = await request.post(`/api/exams/create/${inst.user._id}`, { headers: auth(inst.token), data: { title, is_cbt: false } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()) as { _id: string })._id;
  const source = await request.get(`/api/questions/${demo}/${admin.user._id}`, { headers: auth(admin.token) });
  expect(source.ok()).toBeTruthy();
  const notFields = new Set(['_id', 'exam', 'createdAt', 'updatedAt']);
  for (const q of (await source.json()) as Record<string, unknown>[]) {
    const fields = Object.fromEntries(Object.entries(q).filter(([k]) => !notFields.has(k)));
    const res = await request.post(`/api/questions/create/new/${id}/${inst.user._id}`, { headers: auth(inst.token), data: fields });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  return id;
}

test.describe('alt text of question images', () => {
  test.beforeAll(async ({ request }) => {
    examId = await copyDemoExam(request);
  });
  test.afterAll(async ({ request }) => {
    const s = storedSession('student');
    if (examId) await finishRunningAttempt(request, s.token, s.user._id, examId);
    const inst = storedSession('institute');
    if (examId) await request.delete(`/api/exams/${examId}/${inst.user._id}`, { headers: auth(inst.token) });
  });

  test('the institute gives alt text beside the uploads; the student\'s exam page has it', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const instContext = await browser.newContext({ storageState: stateFile('institute') });
    const author = await instContext.newPage();
    await author.goto(`/institute/exams/exam/${examId}`);
    await expect(author.getByRole('heading', { name: title })).toBeVisible();

    // Question 1: the description is a picture.
    await author.getByRole('button', { name: 'Edit question 1', exact: true }).click();
    let dialog = author.getByRole('dialog', { name: 'Edit Question' });
    let form = dialog.getByRole('form', { name: 'Question' });
    const preview = dialog.getByRole('complementary', { name: 'Preview' });
    const descriptionAlt = form.getByRole('textbox', { name: 'Description Alt Text' });
    await expect(descriptionAlt).toHaveValue('');
    await expect(descriptionAlt).toHaveAccessibleDescription(/Empty: “Question 1 image”/);
    await expect(preview.getByRole('img', { name: 'Question 1 image' })).toBeVisible();
    await descriptionAlt.fill(UMBRELLA);
    await expect(preview.getByRole('img', { name: UMBRELLA })).toBeVisible();
    await dialog.getByRole('button', { name: 'Update Question' }).click();
    await expectToast(author, 'Successfully updated Question');
    await expect(dialog).toBeHidden();

    // Question 3: four picture options; markup is refused by the form with the shared rule's message.
    await author.getByRole('button', { name: 'Edit question 3', exact: true }).click();
    dialog = author.getByRole('dialog', { name: 'Edit Question' });
    form = dialog.getByRole('form', { name: 'Question' });
    const optionAlt = form.getByRole('textbox', { name: 'Option 3 Alt Text' });
    await optionAlt.fill('<img src=x onerror=alert(1)>');
    await dialog.getByRole('button', { name: 'Update Question' }).click();
    await expect(form.getByText('Option 3 Alt Text must be plain text, without HTML')).toBeVisible();
    await expect(dialog).toBeVisible();
    await optionAlt.fill(LADDER);
    await expect(form.getByText('Option 3 Alt Text must be plain text, without HTML')).toBeHidden();
    await dialog.getByRole('button', { name: 'Update Question' }).click();
    await expectToast(author, 'Successfully updated Question');
    await expect(dialog).toBeHidden();

    // Reopened, the dialog shows what was saved.
    await author.getByRole('button', { name: 'Edit question 3', exact: true }).click();
    await expect(author.getByRole('dialog', { name: 'Edit Question' }).getByRole('textbox', { name: 'Option 3 Alt Text' })).toHaveValue(LADDER);
    await instContext.close();

    // The server refuses markup sent past the form too, and changes nothing.
    const inst = storedSession('institute');
    const qs = await (await request.get(`/api/questions/${examId}/${inst.user._id}`, { headers: auth(inst.token) })).json() as
      { _id: string; question_number: number; option3_alt: string }[];
    const q3 = qs.find((q) => q.question_number === 3)!;
    expect(q3.option3_alt).toBe(LADDER);
    const forged = await request.put(`/api/questions/new/${examId}/${q3._id}/${inst.user._id}`, {
      headers: auth(inst.token), data: { option3_alt: '<script>alert(1)</script>' },
    });
    expect(forged.status()).toBe(400);
    expect(await forged.json()).toEqual({ error: 'Option 3 Alt Text must be plain text, without HTML' });

    const published = await request.put(`/api/exams/publish/${examId}/${inst.user._id}`, { headers: auth(inst.token) });
    expect(published.ok(), await published.text()).toBeTruthy();

    // The student takes the exam.
    const context = await browser.newContext({ storageState: stateFile('student') });
    const page = await context.newPage();
    const s = storedSession('student');
    await finishRunningAttempt(page.request, s.token, s.user._id, examId);
    await page.goto('/student/exams');
    await page.getByRole('button', { name: `Start ${title}` }).click();
    await expect(page).toHaveURL(/\/student\/exams\/start\//);
    // an exam without a play limit says audio can be replayed (play-limits.spec.ts: one with a limit)
    await expect(page.getByTestId('play-limit')).toHaveText(/^Audio can be replayed/);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/student\/exams\/exam\//);

    await openQuestion(page, 1);
    const view = page.getByTestId('question-view');
    const umbrella = view.getByRole('img', { name: UMBRELLA });
    await expect(umbrella).toBeVisible();
    await expect(umbrella).toHaveAttribute('src', /^\/media\//);
    await expect.poll(() => umbrella.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the picture loads' }).toBe(true);

    await openQuestion(page, 3);
    await expect(view.getByRole('radio', { name: `Option 3: ${LADDER}` })).toBeVisible();
    await expect(view.locator('img').nth(2)).toHaveAttribute('alt', LADDER);
    // the options without one say which they are
    await expect(view.getByRole('radio', { name: 'Option 1: picture 1' })).toBeVisible();
    expect(await view.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(
      ['Option 1 image', 'Option 2 image', LADDER, 'Option 4 image']);
    await context.close();
  });
});
