/** The student's exam in a browser: the demo exam, and the steps of taking it (shared by the exam and delivery specs). */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { auth, storedSession, type ApiSession } from './fixtures';

export const DEMO_EXAM = 'EPS-TOPIK Mock Test 1';

/** mm:ss (the exam's countdown) in seconds */
export const mmss = (t: string) => {
  const [m, s] = t.trim().split(':').map(Number);
  return m! * 60 + s!;
};

export interface Q { _id: string; question_number: number; answer?: string; answer_details?: string }

/**
 * The exam's answer keys (question number -> answer) as an admin reads them: a student's own result withholds them
 * while the student may sit the exam again (the exam's review policy). `admin`: the demo admin's stored session unless
 * another deployment's is given.
 */
export async function answerKeys(request: APIRequestContext, examId: string, admin: ApiSession = storedSession('admin')): Promise<Map<number, string>> {
  const res = await request.get(`/api/questions/${examId}/${admin.user._id}`, { headers: auth(admin.token) });
  expect(res.ok(), await res.text()).toBeTruthy();
  return new Map(((await res.json()) as Q[]).map((q) => [q.question_number, q.answer!]));
}

export async function demoExamId(request: APIRequestContext, token: string, userId: string): Promise<string> {
  const res = await request.get(`/api/exams/published/users/${userId}`, { headers: auth(token) });
  expect(res.ok(), await res.text()).toBeTruthy();
  const exam = ((await res.json()) as { _id: string; title: string }[]).find((e) => e.title === DEMO_EXAM);
  expect(exam, 'the demo exam is available to the demo student').toBeTruthy();
  return exam!._id;
}

/** Another test (or a crashed run) may have left the demo student's attempt running: finish it first. */
export async function finishRunningAttempt(request: APIRequestContext, token: string, userId: string, examId: string) {
  const running = await request.get(`/api/attempts/running/${examId}/${userId}`, { headers: auth(token) });
  if (running.status() !== 200) return;
  const { attempt } = (await running.json()) as { attempt: { _id: string } };
  await request.post(`/api/results/create/${examId}/${userId}`, { headers: auth(token), data: { report: attempt._id } });
}

export async function openQuestion(page: Page, n: number) {
  const total = page.getByRole('button', { name: 'Total Question' });
  if (await total.isVisible()) await total.click();
  await page.getByRole('button', { name: new RegExp(`^Question ${n} \\(`) }).click();
  await expect(page.getByTestId('question-view')).toHaveAttribute('data-question', String(n));
}

export async function answer(page: Page, n: number, option: string) {
  await openQuestion(page, n);
  await page.getByRole('radio', { name: new RegExp(`^Option ${option}`) }).click();
  await expect(page.getByRole('radio', { name: new RegExp(`^Option ${option}`) })).toHaveAttribute('aria-checked', 'true');
}

/** From the student's exam list, starts the exam titled `title` (the demo exam by default). */
export async function startDemoExam(page: Page, title = DEMO_EXAM) {
  await page.goto('/student/exams');
  await page.getByRole('button', { name: `Start ${title}` }).click();
  await expect(page).toHaveURL(/\/student\/exams\/start\//);
  await expect(page.getByText('Unanswered questions are marked as not attempted.')).toBeVisible();
  const running = page.waitForResponse((r) => r.url().includes('/api/attempts/running/') && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/student\/exams\/exam\//);
  return running;
}

/**
 * From the running exam: the overview, Submit And Finish Exam, Yes; waits for the server to store the result and the
 * page to say the exam ended. Returns the result's id.
 */
export async function submitFromOverview(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Total Question' }).click();
  await page.getByRole('button', { name: 'Submit And Finish Exam' }).click();
  const submitted = page.waitForResponse((r) => r.url().includes('/api/results/create/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Yes' }).click();
  const res = await submitted;
  expect(res.ok()).toBeTruthy();
  await expect(page.getByTestId('exam-ended').getByText('Congratulation, Exam Ended')).toBeVisible();
  return ((await res.json()) as { resultId: string }).resultId;
}

/**
 * Takes the demo exam through the API (start, then submit with `picks`: question number → option) and returns the
 * result's id: a result to look at without sitting the exam in the browser.
 */
export async function takeExamByApi(request: APIRequestContext, token: string, userId: string, examId: string, picks: Record<number, string>) {
  await finishRunningAttempt(request, token, userId, examId);
  const started = await request.post(`/api/reports/create/${userId}`, { headers: auth(token), data: { exam: examId } });
  expect(started.ok(), await started.text()).toBeTruthy();
  const attempt = (await started.json()) as { _id: string };
  const running = await request.get(`/api/attempts/running/${examId}/${userId}`, { headers: auth(token) });
  const { questions } = (await running.json()) as { questions: Q[] };
  const answers = questions.map((q) => ({ question: q._id, answer: picks[q.question_number] ?? '0' }));
  const submitted = await request.post(`/api/results/create/${examId}/${userId}`, { headers: auth(token), data: { report: attempt._id, answers } });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
  return ((await submitted.json()) as { resultId: string }).resultId;
}
