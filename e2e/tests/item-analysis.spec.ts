/**
 * Question Summary with item analysis in the browser: a new institute's students take the demo exam (through the API),
 * then the institute and the admin (choosing that institute) read the statistics and the flags.
 */
import { expect, test, type Page } from '@playwright/test';
import { auth, createInstitute, loginApi, loginAs, storedSession, useStoredSession } from '../support/fixtures';
import { takeExamByApi, type Q } from '../support/exam';

const STUDENTS = 6;

/** The answers of student i (0 strongest): right on 2..(40 - 5i), wrong after; question 1 right only for the weakest half. */
function picksOf(i: number, key: Map<number, string>): Record<number, string> {
  const wrong = (k: string) => (k === '4' ? '3' : '4');
  const picks: Record<number, string> = {};
  for (let n = 2; n <= 40; n++) picks[n] = n <= 40 - 5 * i ? key.get(n)! : wrong(key.get(n)!);
  picks[1] = i >= STUDENTS / 2 ? key.get(1)! : wrong(key.get(1)!);
  return picks;
}

async function expectStatistics(page: Page) {
  await expect(page.getByTestId('analysis-note')).toHaveText(`Based on ${STUDENTS} results; figures under 30 results are unreliable`);
  const stats = page.getByRole('table', { name: 'Exam and section statistics' });
  await expect(stats.getByRole('row').nth(1)).toContainText(new RegExp(`^Exam\\s*40\\s*${STUDENTS}\\s*\\d+\\.\\d\\d`));
  await expect(stats.getByRole('row', { name: /Reading/ })).toBeVisible();
  await expect(stats.getByRole('row', { name: /Listening/ })).toBeVisible();
  const q1 = page.getByTestId('item-row-1');
  await expect(q1.getByText('Negative discrimination: check the key')).toBeVisible();
  // upper 27% (2 strongest) all wrong, lower (2 weakest) all right: D = -1
  await expect(q1.getByRole('cell').nth(7)).toHaveText('-1.00');
  const show = q1.getByRole('button', { name: 'Show options of question 1' });
  await show.focus();
  await page.keyboard.press('Enter');
  const options = page.getByRole('table', { name: 'Options of question 1' });
  await expect(options).toBeVisible();
  await expect(q1.getByRole('button', { name: 'Hide options of question 1' })).toHaveAttribute('aria-expanded', 'true');
  await expect(options.getByRole('row', { name: /Key/ })).toContainText(/0%\s*100%\s*50%/);
}

test('the Question Summary shows the item analysis and its flags to the institute and to the admin', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const admin = storedSession('admin');
  const name = `Item Analysis Academy ${tag}`;
  const email = `items-${tag}@example.com`;
  const { session: inst } = await createInstitute(request, { name, email, password: 'password123', address: 'Pokhara' });

  const demoStudent = storedSession('student');
  const exams = await request.get(`/api/exams/published/users/${demoStudent.user._id}`, { headers: auth(demoStudent.token) });
  const examId = ((await exams.json()) as { _id: string; title: string }[]).find((e) => e.title === 'EPS-TOPIK Mock Test 1')!._id;
  const questions = await request.get(`/api/questions/${examId}/${admin.user._id}`, { headers: auth(admin.token) });
  const key = new Map(((await questions.json()) as Q[]).map((q) => [q.question_number, q.answer!]));
  expect(key.size).toBe(40);

  for (let i = 0; i < STUDENTS; i++) {
    const studentEmail = `items-${tag}-${i}@example.com`;
    const student = await request.post(`/api/users/createUser/${inst.user._id}`, {
      headers: auth(inst.token),
      data: { firstname: `Student${i}`, lastname: 'Items', email: studentEmail, password: 'password123', confirmPassword: 'password123' },
    });
    expect(student.ok(), await student.text()).toBeTruthy();
    const studentId = ((await student.json()) as { _id: string })._id;
    const access = await request.post(`/api/examaccess/create/${inst.user._id}`, { headers: auth(inst.token), data: { user: studentId, type: 'ALL' } });
    expect(access.ok(), await access.text()).toBeTruthy();
    const s = await loginApi(request, studentEmail, 'password123');
    await takeExamByApi(request, s.token, s.user._id, examId, picksOf(i, key));
  }

  // the institute: its own students' results
  await loginAs(page, email, 'password123');
  await page.goto(`/institute/exams/exam/${examId}/summary`);
  await expect(page.getByRole('heading', { name: /Question Summary/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Institute' })).toHaveCount(0);
  await expectStatistics(page);

  // the admin: all students by default, then the one institute's
  await useStoredSession(page, 'admin');
  await page.goto(`/admin/exams/exam/${examId}/summary`);
  const select = page.getByRole('combobox', { name: 'Institute' });
  await expect(select).toBeEnabled();
  await expect(page.getByRole('table', { name: 'Question summary' })).toBeVisible();
  await select.selectOption({ label: `${name} (${email})` });
  await expectStatistics(page);
});
