/** Exam authoring in the browser: an institute builds and publishes a 40-question exam, edits and deletes; an admin shares a private exam. */
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, auth, expectToast, stateFile, storedSession } from '../support/fixtures';

const MEDIA = path.resolve(__dirname, '../../server/seed/media');
const media = (name: string) => path.join(MEDIA, name);
/** A field label, with or without the required star. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

async function openAddQuestion(page: Page) {
  await page.getByRole('button', { name: 'Add Questions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Question' });
  await expect(dialog).toBeVisible();
  return { dialog, form: dialog.getByRole('form', { name: 'Question' }), preview: dialog.getByRole('complementary', { name: 'Preview' }) };
}

/** Uploads a file into a media field and waits for the finished progress bar and the preview. */
async function upload(form: Locator, field: string, file: string, kind: 'image' | 'audio') {
  await form.getByLabel(label(field)).setInputFiles(media(file));
  const bar = form.getByRole('progressbar', { name: `${field} upload progress` });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  if (kind === 'image') await expect(form.getByRole('img', { name: `${field} preview` })).toBeVisible();
  else await expect(form.locator(`audio[aria-label="${field} preview"]`)).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}\.mp3$/);
}

async function fillCommon(form: Locator, n: number, heading: string, answer: string) {
  await form.getByLabel(label('Question Number')).selectOption(String(n));
  await form.getByLabel(label('Main Heading')).fill(heading);
  await form.getByLabel(label('Answer')).selectOption(answer);
}

async function save(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Add Question' }).click();
  await expectToast(page, 'Successfully added Question');
  await expect(dialog).toBeHidden();
}

// The demo institute and the demo admin, each signed in once by the setup project.
test.describe('the demo institute', () => {
  test.use({ storageState: stateFile('institute') });

  test('an institute authors a 40-question exam with images and audio in the browser and publishes it', async ({ page }) => {
    test.setTimeout(240_000);
    const title = `E2E authored exam ${Date.now()}`;
    await page.goto('/institute');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Exam List' }).click();
    await expect(page.getByRole('tab', { name: 'UBT EXAM' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Exams You have Access To' })).toBeVisible();

    // Create the exam (institutes see no type field: it will be private).
    await page.getByRole('button', { name: 'Add Exams' }).click();
    const examDialog = page.getByRole('dialog', { name: 'Add Exam' });
    await expect(examDialog.getByLabel(label('Type'))).toHaveCount(0);
    await examDialog.getByRole('button', { name: 'Add Exam' }).click();
    await expect(examDialog.getByText('Title cannot be empty.')).toBeVisible();
    await examDialog.getByLabel(label('Title')).fill(title);
    await examDialog.getByRole('button', { name: 'Add Exam' }).click();
    await expectToast(page, 'Successfully added Exam');
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('Hidden');
    await card.getByRole('button', { name: `View ${title}` }).click();
    await expect(page).toHaveURL(/\/institute\/exams\/exam\/[^/]+$/);
    const examId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // 1 (Reading, text options) with the description as an uploaded image.
    {
      const { dialog, form, preview } = await openAddQuestion(page);
      await expect(form.getByLabel(label('Question Number')).locator('option')).toHaveCount(21);
      await fillCommon(form, 1, '다음 그림을 보고 맞는 단어를 고르십시오.', '2');
      await form.getByText('Description is an image').click();
      await upload(form, 'Description', 'img_umbrella.png', 'image');
      for (const [i, t] of ['모자', '우산', '가방', '신발'].entries()) await form.getByRole('textbox', { name: label(`Option ${i + 1}`) }).fill(t);
      await expect(preview.getByRole('img', { name: 'Question 1 image' })).toBeVisible();
      await expect(preview.getByRole('radio', { name: 'Option 2: 우산' })).toBeVisible();
      await save(page, dialog);
    }
    // 2 (Reading, image options).
    {
      const { dialog, form, preview } = await openAddQuestion(page);
      // 1 is used now: not offered again.
      await expect(form.getByLabel(label('Question Number')).locator('option', { hasText: /^1$/ })).toHaveCount(0);
      await fillCommon(form, 2, '다음 단어에 맞는 그림을 고르십시오.', '3');
      await form.getByLabel(label('Option Type')).selectOption('image');
      for (const [i, f] of ['img_hammer.png', 'img_key.png', 'img_ladder.png', 'img_cup.png'].entries()) await upload(form, `Option ${i + 1}`, f, 'image');
      await expect(preview.getByRole('radio', { name: 'Option 3: picture 3' })).toBeVisible();
      await save(page, dialog);
    }
    await expect(page.getByRole('row')).toHaveCount(3);
    await expect(page.getByText('Not Ready To Publish')).toBeVisible();
    await page.getByRole('button', { name: 'Why?' }).click();
    const rules = page.getByRole('dialog', { name: 'Publish Rules' });
    await expect(rules).toContainText('Reading 2/20, Listening 0/20');
    await rules.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('group', { name: 'Question type' }).getByRole('button', { name: /^Listening/ }).click();
    // 21 (Listening, audio options).
    {
      const { dialog, form, preview } = await openAddQuestion(page);
      await expect(form.getByText('Type: Listening')).toBeVisible();
      await fillCommon(form, 21, '다음을 듣고 알맞은 것을 고르십시오.', '1');
      await upload(form, 'Listening', 'q21.mp3', 'audio');
      // The preview's audio follows the upload after the 500 ms reload delay.
      await expect(preview.locator('audio').first()).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}\.mp3$/);
      await form.getByLabel(label('Option Type')).selectOption('listening');
      for (const i of [1, 2, 3, 4]) await upload(form, `Option ${i}`, `q25_${i}.mp3`, 'audio');
      await save(page, dialog);
    }
    // 22 (Listening, listening-and-text options).
    {
      const { dialog, form } = await openAddQuestion(page);
      await fillCommon(form, 22, '다음 대화를 듣고 여자가 살 물건을 고르십시오.', '3');
      await upload(form, 'Listening', 'q22.mp3', 'audio');
      await form.getByLabel(label('Option Type')).selectOption('listeningandtext');
      await form.getByRole('textbox', { name: label('Option 1') }).fill('사과');
      await dialog.getByRole('button', { name: 'Add Question' }).click();
      await expect(form.getByText('Must have both listening  and text').first()).toBeVisible();
      for (const [i, t] of ['사과', '배', '포도', '수박'].entries()) {
        await form.getByRole('textbox', { name: label(`Option ${i + 1}`) }).fill(t);
        await upload(form, `Option ${i + 1} listening`, `q33_${i + 1}.mp3`, 'audio');
      }
      await save(page, dialog);
    }
    // 23 (Listening, same-listening text options).
    {
      const { dialog, form } = await openAddQuestion(page);
      await fillCommon(form, 23, '다음 질문을 듣고 알맞은 대답을 고르십시오.', '4');
      await upload(form, 'Listening', 'q23.mp3', 'audio');
      await form.getByLabel(label('Option Type')).selectOption('samelistening');
      for (const [i, t] of ['네', '아니요', '몰라요', '좋아요'].entries()) await form.getByRole('textbox', { name: label(`Option ${i + 1}`) }).fill(t);
      await save(page, dialog);
    }
    await expect(page.getByRole('row')).toHaveCount(4);

    // The rest through the API, reusing the uploaded media.
    const s = storedSession('institute');
    const qs = await (await page.request.get(`/api/questions/${examId}/${s.user._id}`, { headers: auth(s.token) })).json();
    expect(qs.map((q: { option_type: string }) => q.option_type).sort()).toEqual(['image', 'listening', 'listeningandtext', 'samelistening', 'text']);
    const q2 = qs.find((q: { question_number: number }) => q.question_number === 2);
    const q21 = qs.find((q: { question_number: number }) => q.question_number === 21);
    expect(q2.option1).toMatch(/^\/media\//);
    expect(q21.listening).toMatch(/^\/media\//);
    const base = {
      main_heading: '다음을 읽고 알맞은 것을 고르십시오.', main_heading_image: false, heading: '', description_boxed: false,
      option1: '하나', option2: '둘', option3: '셋', option4: '넷', answer: '1', answer_details: '',
    };
    for (let n = 3; n <= 40; n++) {
      if (n >= 21 && n <= 23) continue;
      const reading = n <= 20;
      const body = {
        ...base, type: reading ? 'Reading' : 'Listening', question_number: n,
        description: reading && n % 2 ? q2.option1 : '', description_image: reading && n % 2 === 1,
        option_type: reading ? 'text' : 'samelistening', listening: reading ? '' : q21.listening,
      };
      const res = await page.request.post(`/api/questions/create/new/${examId}/${s.user._id}`, { headers: auth(s.token), data: body });
      expect(res.ok(), await res.text()).toBeTruthy();
    }

    await page.reload();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    // Reading already has its 20.
    await page.getByRole('group', { name: 'Question type' }).getByRole('button', { name: /^Reading/ }).click();
    await page.getByRole('button', { name: 'Add Questions' }).click();
    await expectToast(page, 'Switch to Reading or Listening Mode');
    await expect(page.getByRole('row')).toHaveCount(21);

    await page.getByRole('button', { name: 'Ready To Publish' }).click();
    await expectToast(page, 'Successfully Published Exam');
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ready To Publish' })).toHaveCount(0);

    // The exam's menu: Question Summary (no results yet) and View Results; no 'Who can see this exam?' for an institute.
    await page.getByRole('button', { name: 'Exam menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Who can see this exam?' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Question Summary' }).click();
    await expect(page).toHaveURL(new RegExp(`/institute/exams/exam/${examId}/summary$`));
    await expect(page.getByText('40 of 40 questions exist.')).toBeVisible();
    await expect(page.getByRole('row', { name: /^22 Yes Listening listeningandtext/ })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Exam menu' }).click();
    await page.getByRole('menuitem', { name: 'View Results' }).click();
    await expect(page).toHaveURL(new RegExp(`/institute/exams/exam/${examId}/results$`));
    await expect(page.getByText('No Result Found')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('article', { name: title })).toContainText('Published');
    await expect(page.getByRole('article', { name: title })).toContainText('Questions: 40');
  });

  test('an institute edits an exam into a CBT exam, edits and deletes a question, then deletes the exam, asked first each time', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const title = `E2E edited exam ${stamp}`;
    const reference = `E2E reference exam ${stamp}`;
    // Set-up through the API: the exam with one question, and another exam to name as its reference.
    const s = storedSession('institute');
    const create = async (t: string) => {
      const res = await page.request.post(`/api/exams/create/${s.user._id}`, { headers: auth(s.token), data: { title: t, is_cbt: false } });
      expect(res.ok(), await res.text()).toBeTruthy();
      return ((await res.json()) as { _id: string })._id;
    };
    const examId = await create(title);
    await create(reference);
    const q = await page.request.post(`/api/questions/create/new/${examId}/${s.user._id}`, {
      headers: auth(s.token),
      data: {
        type: 'Reading', question_number: 1, main_heading: '다음을 읽고 알맞은 것을 고르십시오.', main_heading_image: false, heading: '',
        description: '', description_image: false, description_boxed: false, option_type: 'text', listening: '',
        option1: '하나', option2: '둘', option3: '셋', option4: '넷', answer: '1', answer_details: '',
      },
    });
    expect(q.ok(), await q.text()).toBeTruthy();

    await page.goto('/institute');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Exam List' }).click();
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();

    // Edit: a new title, and CBT (which needs a category and a reference exam).
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Exam' });
    await expect(dialog.getByLabel(label('Title'))).toHaveValue(title);
    await dialog.getByLabel(label('Title')).fill(`${title} v2`);
    await dialog.getByText('CBT exam (off: UBT)').click();
    await dialog.getByRole('button', { name: 'Update Exam' }).click();
    await expect(dialog.getByText('Category is required')).toBeVisible();
    await dialog.getByLabel(label('Category')).selectOption({ label: 'EPS-TOPIK General' });
    await dialog.getByLabel(label('Reference Exam')).selectOption({ label: reference });
    await dialog.getByRole('button', { name: 'Update Exam' }).click();
    await expectToast(page, 'Successfully Updated Exam');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: title, exact: true })).toHaveCount(0); // no longer a UBT exam
    await page.getByRole('tab', { name: 'CBT EXAM' }).click();
    const edited = page.getByRole('article', { name: `${title} v2` });
    await expect(edited).toBeVisible();

    // Its question: edit the heading and the answer, then delete it (Cancel first keeps it).
    await edited.getByRole('button', { name: `View ${title} v2` }).click();
    await expect(page.getByRole('heading', { name: `${title} v2` })).toBeVisible();
    await page.getByRole('button', { name: 'Edit question 1' }).click();
    const qDialog = page.getByRole('dialog', { name: 'Edit Question' });
    const form = qDialog.getByRole('form', { name: 'Question' });
    await expect(form.getByLabel(label('Main Heading'))).toHaveValue('다음을 읽고 알맞은 것을 고르십시오.');
    await form.getByLabel(label('Main Heading')).fill('다음 글의 제목으로 알맞은 것을 고르십시오.');
    await form.getByLabel(label('Answer')).selectOption('3');
    await qDialog.getByRole('button', { name: 'Update Question' }).click();
    await expectToast(page, 'Successfully updated Question');
    await expect(qDialog).toBeHidden();
    const row = page.getByRole('row', { name: /^1 / });
    await expect(row).toContainText('다음 글의 제목으로 알맞은 것을 고르십시오.');
    await expect(row.getByRole('cell').nth(3)).toHaveText('3');

    await page.getByRole('button', { name: 'Delete question 1' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Please confirm' }));
    await expect(confirm).toContainText('Are you sure you want to delete this question?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: 'Delete question 1' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('No Reading questions yet')).toBeVisible();
    const left = await page.request.get(`/api/questions/${examId}/${s.user._id}`, { headers: auth(s.token) });
    expect(await left.json()).toEqual([]);

    // The exam itself.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('tab', { name: 'CBT EXAM' }).click();
    await page.getByRole('article', { name: `${title} v2` }).getByRole('button', { name: `Delete ${title} v2` }).click();
    await expect(confirm).toContainText('Are you sure you want to delete this exam?');
    await expect(confirm).toContainText(`${title} v2`);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Successfully Deleted Exam');
    await expect(page.getByRole('article', { name: `${title} v2` })).toHaveCount(0);
    const gone = await page.request.get(`/api/questions/${examId}/${s.user._id}`, { headers: auth(s.token) });
    expect(gone.status()).toBe(404);
  });
});

test.describe('the demo admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('an admin opens a private exam to an institute (shown on the institute\'s Exam Access tab) and removes it again', async ({ page }) => {
    const admin = storedSession('admin');
    const title = `E2E private exam ${Date.now()}`;
    const created = await page.request.post(`/api/exams/create/${admin.user._id}`, {
      headers: auth(admin.token), data: { title, type: 'private', is_cbt: false },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const exam = (await created.json()) as { _id: string };

    await page.goto(`/admin/exams/exam/${exam._id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Exam menu' }).click();
    await page.getByRole('menuitem', { name: 'Who can see this exam?' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/exams/exam/${exam._id}/institutes$`));
    await expect(page.getByText('No institute can see this exam yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add Institute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Institute' });
    await dialog.getByRole('button', { name: 'Give Access' }).click();
    await expect(dialog.getByText('Cannot be Empty')).toBeVisible();
    const select = dialog.getByLabel(label('Institute'));
    const option = select.locator('option', { hasText: DEMO.institute.email });
    await expect(option).toHaveCount(1);
    await select.selectOption((await option.getAttribute('value'))!);
    await dialog.getByRole('button', { name: 'Give Access' }).click();
    await expectToast(page, 'Institute Given Access to Exam');
    const row = page.getByRole('row', { name: new RegExp(DEMO.institute.email) });
    await expect(row).toBeVisible();

    // the other side: the institute's detail lists the exam under Exam Access (one call: exams/granted)
    const institute = storedSession('institute');
    const examAccessTab = async () => {
      await page.goto(`/admin/institutes/${institute.user._id}`);
      await page.getByRole('tab', { name: 'Exam Access' }).click();
      await expect(page.getByText('Private exams this institute has been given access to.')).toBeVisible();
    };
    await examAccessTab();
    await expect(page.getByText(title)).toBeVisible();
    await page.goto(`/admin/exams/exam/${exam._id}/institutes`);

    await row.getByRole('button', { name: `Remove ${DEMO.institute.email}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to remove this institute?');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No institute can see this exam yet')).toBeVisible();
    await examAccessTab();
    await expect(page.getByText(title)).toHaveCount(0);
  });

  test('an admin adds a category, sees a server error under the field for a duplicate, and deletes it', async ({ page }) => {
    const title = `E2E category ${Date.now()}`;
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Category' }).click();
    await expect(page).toHaveURL(/\/admin\/categories$/);

    const add = async () => {
      await page.getByRole('button', { name: 'Add Category' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Category' });
      await dialog.getByLabel(label('Title')).fill(title);
      await dialog.getByRole('button', { name: 'Add Category' }).click();
      return dialog;
    };
    await expect(await add()).toBeHidden();
    await expectToast(page, 'Sucessfully Added Category');
    await page.getByLabel('Search by Title').fill(title);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();

    const dialog = await add();
    await expect(dialog.getByText('Category already exists')).toBeVisible();
    await expectToast(page, 'Adding Error', 'Category already exists');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this catgory?');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Sucessfully Deleted User');
    await expect(row).toHaveCount(0);
  });
});
