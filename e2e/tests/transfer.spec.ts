/**
 * Exam transfer between two running deployments: this spec starts a second deployment (its own port and data
 * directory, demo data), the first deployment's admin copies its demo exam in the browser, the second is stopped,
 * and the copy still has its 40 questions and plays its audio from the first deployment.
 */
import { expect, test } from '@playwright/test';
import { startDeployment, type Deployment } from '../support/deployment';
import { DEMO, expectToast, stateFile, storedSession } from '../support/fixtures';

const FIRST_PORT = Number(process.env.E2E_PORT ?? 8181);
/** The second deployment's port; the first one's TRANSFER_ALLOW_HOSTS names it (playwright.config.ts). */
const SECOND_PORT = Number(process.env.E2E_SECOND_PORT ?? FIRST_PORT + 201);
const SECOND = `http://127.0.0.1:${SECOND_PORT}/`;
const DEMO_EXAM = 'EPS-TOPIK Mock Test 1';

let second: Deployment | undefined;

test.describe('transfer an exam from another deployment', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ storageState: stateFile('admin') }); // this deployment's demo admin, signed in once by the setup project

  test.beforeAll(async () => {
    test.setTimeout(200_000);
    second = await startDeployment(SECOND_PORT, { TRANSFER_ALLOW_HOSTS: '' });
  });

  test.afterAll(async () => {
    await second?.stop();
  });

  test('the admin copies the other deployment\'s demo exam with its media; the copy works with the other stopped', async ({ page, request }) => {
    // The other deployment's admin gives its user id and token (its View My Details).
    const theirs = await (await fetch(`${SECOND}api/auth/signin`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO.admin.email, password: DEMO.admin.password }),
    })).json() as { token: string; user: { _id: string } };
    expect(theirs.token).toBeTruthy();

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Transfer Exam' }).click();
    await expect(page).toHaveURL(/\/admin\/transferexam$/);

    await page.getByLabel('Website Name').fill(SECOND);
    await page.getByLabel('UserId').fill(theirs.user._id);
    await page.getByLabel('Token').fill('not-their-token');
    await page.getByRole('button', { name: 'Get Exams' }).click();
    await expectToast(page, 'Error Getting Exam', 'the other site refused the token');

    await page.getByLabel('Token').fill(theirs.token);
    await page.getByRole('button', { name: 'Get Exams' }).click();
    const card = page.getByTestId('remote-exam-card').filter({ hasText: DEMO_EXAM });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Questions: 40');
    await card.getByRole('button', { name: `Save ${DEMO_EXAM}` }).click();
    await expect(page.getByRole('alertdialog').getByText('Are you sure you want to save this exam?')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    // the spec's toast, what was saved as its description, and the note with the way to the copy
    await expectToast(page, 'Successfully Transfered Exam', `“${DEMO_EXAM}” was saved here as a hidden exam with 40 questions.`);
    await expect(page.getByRole('status').filter({ hasText: DEMO_EXAM }).getByRole('button', { name: 'Open Exam' })).toBeVisible();

    // The other deployment goes away; the copy must not need it.
    await second?.stop();

    await page.getByRole('link', { name: 'Exam List' }).click();
    const copyCard = page.getByTestId('exam-card').filter({ hasText: DEMO_EXAM }).filter({ hasText: 'Hidden' }).first();
    await expect(copyCard).toContainText('Questions: 40');
    await copyCard.getByRole('button', { name: `View ${DEMO_EXAM}` }).click();
    await expect(page).toHaveURL(/\/admin\/exams\/exam\/[^/]+$/);
    const copyId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('button', { name: 'Reading (20/20)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Listening (20/20)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ready To Publish' })).toBeVisible();

    // A listening question's audio is served by this deployment, and plays in the page.
    const me = storedSession('admin');
    const questions = await (await request.get(`/api/questions/${copyId}/${me.user._id}`, {
      headers: { Authorization: `Bearer ${me.token}` },
    })).json() as { question_number: number; type: string; listening: string }[];
    expect(questions).toHaveLength(40);
    const listening = questions.find((q) => q.type === 'Listening' && q.listening)!;
    expect(listening.listening).toMatch(/^\/media\/[0-9a-f]{64}\.mp3$/);
    const audio = await request.get(listening.listening);
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toBe('audio/mpeg');
    const readyState = await page.evaluate(async (src) => {
      const el = new Audio(src);
      await new Promise<void>((resolve, reject) => {
        el.onloadedmetadata = () => resolve();
        el.onerror = () => reject(new Error(`audio failed: ${el.error?.code}`));
      });
      return el.readyState;
    }, listening.listening);
    expect(readyState).toBeGreaterThanOrEqual(1);
  });
});
