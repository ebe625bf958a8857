/**
 * People, access and oversight, end to end: an admin creates an institute; the institute enrols students (form and
 * CSV), gives one of them one attempt at the demo exam; the student takes it once; the institute and the admin see it.
 */
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { auth, createInstitute, expectToast, loginApi, loginAs, loginUi, useStoredSession } from '../support/fixtures';
import { demoExamId } from '../support/exam';

const DEMO_EXAM = 'EPS-TOPIK Mock Test 1';

async function dialog(page: Page, title: string) {
  const d = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(d).toBeVisible();
  return d;
}

test('admin → institute → students → access → one attempt → results, report, disabled login', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const inst = { name: `E2E Academy ${tag}`, email: `inst-${tag}@example.com`, password: 'institute-pass-1' };
  const first = { firstname: 'Asha', lastname: `First${tag}`, email: `asha-${tag}@example.com`, password: 'student-pass-1' };
  const imported = [
    { firstname: 'Bina', lastname: `Second${tag}`, email: `bina-${tag}@example.com` },
    { firstname: 'Chandra', lastname: `Third${tag}`, email: `chandra-${tag}@example.com` },
  ];

  // 1. The admin creates the institute in the browser. (The demo admin's session is the setup project's; the institute
  //    and the students are this test's own, signed in as they are made.)
  await useStoredSession(page, 'admin');
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Manage Institute' }).click();
  await expect(page).toHaveURL(/\/admin\/institutes$/);
  await page.getByRole('button', { name: 'Add Institute' }).click();
  let d = await dialog(page, 'Add Institute');
  await d.getByLabel('Name').fill(inst.name);
  await d.getByLabel('Email').fill(inst.email);
  await d.getByLabel('Phone').fill('9800011122');
  await d.getByLabel('Address').fill('Lalitpur');
  await d.getByLabel(/^Password/).fill(inst.password);
  await d.getByLabel('Confirm Password').fill(inst.password);
  await d.getByRole('button', { name: 'Add Institute' }).click();
  await expectToast(page, 'Sucessfully Added Institute');
  await expect(page.getByRole('row', { name: new RegExp(inst.email) })).toBeVisible();

  // 2. The institute signs in and creates a student in the browser.
  await loginUi(page, inst.email, inst.password);
  await expect(page).toHaveURL(/\/institute$/);
  await page.getByRole('link', { name: 'Manage User' }).click();
  await expect(page).toHaveURL(/\/institute\/users$/);
  await page.getByRole('button', { name: 'Add User' }).click();
  d = await dialog(page, 'Add User');
  await d.getByLabel('First Name').fill(first.firstname);
  await d.getByLabel('Last Name').fill(first.lastname);
  await d.getByLabel('Email').fill(first.email);
  await d.getByLabel('Phone').fill('9811122233');
  await d.getByLabel(/^Password/).fill(first.password);
  await d.getByLabel('Confirm Password').fill(first.password);
  await d.getByRole('button', { name: 'Add User' }).click();
  await expectToast(page, 'Sucessfully Added User');
  await expect(page.getByRole('row', { name: new RegExp(first.email) })).toBeVisible();

  // 3. ... and imports two more from a CSV file.
  const csv = ['email,firstname,lastname,phone,password', ...imported.map((s) => `${s.email},${s.firstname},${s.lastname},9800000000,student-pass-2`)].join('\n');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  d = await dialog(page, 'Import CSV');
  await d.getByLabel('CSV file').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(d.getByTestId('csv-preview')).toContainText('2 rows to import');
  await d.getByRole('button', { name: 'Upload' }).click();
  await expect(d.getByTestId('csv-result')).toContainText('Created 2 users');
  await d.getByRole('button', { name: 'Close', exact: true }).first().click();
  for (const s of imported) await expect(page.getByRole('row', { name: new RegExp(s.email) })).toBeVisible();

  // 4. The first student gets one attempt at the demo exam (Specific Exams, Total Times 1).
  await page.getByRole('button', { name: `View ${first.firstname} ${first.lastname}` }).click();
  await expect(page).toHaveURL(/\/institute\/users\/[^/]+$/);
  const studentId = page.url().split('/').pop()!;
  await expect(page.getByTestId('detail-name')).toHaveText(`${first.firstname} ${first.lastname}`);
  await expect(page.getByTestId('detail-role')).toHaveText('Student');
  await expect(page.getByText("User haven't completed exam")).toBeVisible();
  await page.getByRole('tab', { name: 'User Access' }).click();
  await page.getByRole('button', { name: 'Add User Access' }).click();
  d = await dialog(page, 'User Access');
  await d.getByLabel('Type').selectOption({ label: 'Specific Exams' });
  await d.getByRole('button', { name: 'Add Exam', exact: true }).click();
  await expect(d.getByLabel('Exam', { exact: true }).locator('option', { hasText: DEMO_EXAM })).toHaveCount(1);
  await d.getByLabel('Exam', { exact: true }).selectOption({ label: DEMO_EXAM });
  await d.getByLabel('Total Times').fill('1');
  await d.getByRole('button', { name: 'Add Exam Access' }).click();
  await expectToast(page, 'Successfully Added User Access');
  await expect(page.getByTestId('access-type')).toHaveText('Specific Exams');
  await expect(page.getByRole('row', { name: new RegExp(DEMO_EXAM) })).toContainText('1');

  // 5. In the browser, the student sees exactly that exam as available, takes it (answers one question and submits),
  //    and can no longer start it: it moves to the Other Exams List, and the server refuses a second start.
  await loginUi(page, first.email, first.password);
  await expect(page).toHaveURL(/\/student$/);
  const student = await loginApi(request, first.email, first.password);
  expect(student.user._id).toBe(studentId);
  page.on('dialog', (d) => void d.accept());
  await page.goto('/student/exams');
  const availableList = page.getByRole('region', { name: 'Available Exams' }).or(page.locator('section[aria-label="Available Exams"]'));
  await expect(availableList.getByRole('article')).toHaveCount(1);
  await expect(availableList.getByRole('article')).toHaveAccessibleName(DEMO_EXAM);
  await availableList.getByRole('button', { name: `Start ${DEMO_EXAM}` }).click();
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/student\/exams\/exam\//);
  await page.getByRole('button', { name: /^Question 1 \(/ }).click();
  await page.getByRole('radio', { name: /^Option 1/ }).click();
  await page.getByRole('button', { name: 'Total Question' }).click();
  await page.getByRole('button', { name: 'Submit And Finish Exam' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('exam-ended').getByText('Congratulation, Exam Ended')).toBeVisible();
  await expect(page.getByTestId('ended-Total Attempt')).toHaveText('1');
  await page.getByRole('button', { name: 'Back To Main Page' }).click();
  await expect(page).toHaveURL(/\/student\/exams$/);
  await expect(availableList.getByRole('article')).toHaveCount(0);
  const otherList = page.locator('section[aria-label="Other Exams List"]');
  await expect(otherList.getByRole('article', { name: DEMO_EXAM })).toBeVisible();
  await expect(otherList.getByRole('button', { name: `Start ${DEMO_EXAM}` })).toHaveCount(0);
  const examId = ((await (await request.get(`/api/exams/users/getAll/${studentId}`, { headers: auth(student.token) })).json()) as { _id: string; title: string }[])
    .find((e) => e.title === DEMO_EXAM)!._id;
  const second = await request.post(`/api/reports/create/${studentId}`, { headers: auth(student.token), data: { exam: examId } });
  expect(second.status()).toBe(403);
  await loginAs(page, inst.email, inst.password);
  await page.goto('/institute');

  // 6. The institute sees the result in Today's Results and in the student's detail.
  await page.getByRole('link', { name: 'Todays Results' }).click();
  await expect(page).toHaveURL(/\/institute\/results$/);
  const dayRow = page.getByRole('row', { name: new RegExp(first.email) });
  await expect(dayRow).toContainText(DEMO_EXAM);
  await dayRow.getByRole('button', { name: /View result/ }).click();
  await expect(page).toHaveURL(/\/institute\/results\/[^/]+$/);
  await expect(page.getByRole('button', { name: 'Back' }).first()).toBeVisible();
  await page.goto(`/institute/users/${studentId}`);
  await expect(page.getByRole('tab', { name: 'Results' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(DEMO_EXAM) })).toBeVisible();

  // 7. The admin's report for today counts the attempt for that institute.
  await useStoredSession(page, 'admin');
  await page.goto('/admin');
  await page.getByRole('link', { name: 'View Report' }).click();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const reportRow = page.getByRole('row', { name: new RegExp(inst.name) });
  await expect(reportRow.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expect(page.getByRole('figure')).toContainText(inst.name);

  // 8. The institute disables the student, who then cannot sign in.
  await loginAs(page, inst.email, inst.password);
  await page.goto('/institute/users');
  await page.getByRole('button', { name: `Edit ${first.firstname} ${first.lastname}` }).click();
  d = await dialog(page, 'Edit User');
  await d.getByLabel('Status').selectOption({ label: 'Disabled' });
  await d.getByRole('button', { name: 'Update User' }).click();
  await expectToast(page, 'Sucessfully Updated User');
  await expect(page.getByRole('row', { name: new RegExp(first.email) })).toContainText('Disabled');
  await loginUi(page, first.email, first.password);
  await expectToast(page, 'Authentication Error');
  await expect(page).toHaveURL(/\/login$/);
});

// A 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('profile: name, password change keeps the session on the new token, picture rules', async ({ page, request }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `prof-${tag}@example.com`;
  await createInstitute(request, { name: `Profile Academy ${tag}`, email, password: 'old-password-1', address: 'Pokhara' });

  await loginUi(page, email, 'old-password-1');
  await expect(page).toHaveURL(/\/institute$/);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Role')).toHaveValue('Institute');
  await page.getByLabel('First Name').fill(`Renamed Academy ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Updating User Details Success');
  await expect(page.getByTestId('user-name')).toContainText(`Renamed Academy ${tag}`);

  await page.getByRole('button', { name: 'Change Password' }).click();
  const d = await dialog(page, 'Change Password');
  await d.getByLabel('Current Password').fill('old-password-1');
  await d.getByLabel('New Password').fill('new-password-1');
  await d.getByLabel('Confirm Password').fill('new-password-2');
  await d.getByRole('button', { name: 'Change Password' }).click();
  await expect(d.getByText('Confirm Password doesnot match')).toBeVisible();
  await d.getByLabel('Confirm Password').fill('new-password-1');
  await d.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password Change Success');
  // Earlier tokens are revoked; the page carries on with the new one, also after a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/institute\/profile$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('token')!, user: JSON.parse(localStorage.getItem('user')!) }));
  expect(stored.user.first_name).toBe(`Renamed Academy ${tag}`);
  expect((await request.get(`/api/users/getUserInfo/${stored.user._id}`, { headers: auth(stored.token) })).ok()).toBeTruthy();
  await loginApi(request, email, 'new-password-1');

  const picture = page.getByTestId('picture-input');
  await picture.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(716801, 1) });
  await expect(page.getByText('Image cannot exceed 700KB')).toBeVisible();
  await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expectToast(page, 'Change Picture Success');
});

test('paged lists: an institute pages through 55 students and their 55 results, searches on the server, exports every row', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = (n: number) => `pager-${String(n).padStart(2, '0')}-${tag}@example.com`;
  const COUNT = 55;

  // The rows come from the API: an institute, 55 students imported from one CSV, each of whom takes the demo exam once.
  const { session: institute, ...inst } = await createInstitute(request, {
    name: `Pager Academy ${tag}`, email: `pager-inst-${tag}@example.com`, password: 'institute-pass-1', phone: '9800033344', address: 'Bhaktapur',
  });
  const csv = ['email,firstname,lastname,phone,password',
    ...Array.from({ length: COUNT }, (_, i) => `${email(i + 1)},Pager,Student${i + 1},9800000000,student-pass-1`)].join('\n');
  const imported = await request.post(`/api/users/import/${institute.user._id}`, { headers: auth(institute.token), data: { csv } });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  const students = ((await imported.json()) as { created: { _id: string; email: string }[] }).created;
  expect(students).toHaveLength(COUNT);
  let examId = '';
  for (let i = 0; i < students.length; i += 11) {
    await Promise.all(students.slice(i, i + 11).map(async (s) => {
      const access = await request.post(`/api/examaccess/create/${institute.user._id}`, { headers: auth(institute.token), data: { user: s._id, type: 'ALL' } });
      expect(access.ok(), await access.text()).toBeTruthy();
      const me = await loginApi(request, s.email, 'student-pass-1');
      examId ||= await demoExamId(request, me.token, s._id);
      const started = await request.post(`/api/reports/create/${s._id}`, { headers: auth(me.token), data: { exam: examId } });
      expect(started.ok(), await started.text()).toBeTruthy();
      const submitted = await request.post(`/api/results/create/${examId}/${s._id}`, { headers: auth(me.token), data: { report: (await started.json())._id } });
      expect(submitted.ok(), await submitted.text()).toBeTruthy();
    }));
  }

  // Users: 10 a page, page by page from the server; the search goes to the server.
  await loginAs(page, inst.email, inst.password);
  const pageRequest = (path: string, params: Record<string, string>) => page.waitForRequest((r) => {
    const url = new URL(r.url());
    return url.pathname.startsWith(`/api/${path}`) && Object.entries(params).every(([k, v]) => url.searchParams.get(k) === v);
  });
  const rowEmails = async () => (await page.getByRole('row').filter({ hasText: `-${tag}@example.com` }).allTextContents())
    .map((t) => /pager-\d+-[^@]+@example\.com/.exec(t)?.[0]);
  const range = page.getByTestId('table-range');
  // the range names the page asked for at once; its rows are there once the table is no longer busy
  const settled = () => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  let asked = pageRequest('users/institute/', { page: '1', limit: '10' });
  await page.goto('/institute/users');
  await asked;
  await expect(range).toHaveText(`1–10 of ${COUNT}`);
  await settled();
  const first = await rowEmails();
  expect(first).toHaveLength(10);
  asked = pageRequest('users/institute/', { page: '2', limit: '10' });
  await page.getByRole('button', { name: 'Next page' }).click();
  await asked;
  await expect(range).toHaveText(`11–20 of ${COUNT}`);
  await settled();
  const second = await rowEmails();
  expect(second).toHaveLength(10);
  expect(second.filter((e) => first.includes(e))).toEqual([]);
  asked = pageRequest('users/institute/', { page: '1', search: `pager-07-${tag}` });
  await page.getByLabel('Search by Email').fill(`pager-07-${tag}`);
  await asked;
  await expect(range).toHaveText('1–1 of 1');
  await expect(page.getByRole('row', { name: new RegExp(email(7)) })).toBeVisible();

  // Today's results: 50 a page; the second page holds the other 5; search by email; the CSV has every row.
  asked = pageRequest('reports/date/', { page: '1', limit: '50' });
  await page.goto('/institute/results');
  await asked;
  await expect(range).toHaveText(`1–50 of ${COUNT}`);
  await expect(page.getByRole('row').filter({ hasText: `-${tag}@example.com` })).toHaveCount(50);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(range).toHaveText(`51–${COUNT} of ${COUNT}`);
  await expect(page.getByRole('row').filter({ hasText: `-${tag}@example.com` })).toHaveCount(COUNT - 50);
  asked = pageRequest('reports/date/', { search: `PAGER-33-${tag.toUpperCase()}` });
  await page.getByLabel('Search by Email').fill(`PAGER-33-${tag.toUpperCase()}`);
  await asked;
  await expect(range).toHaveText('1–1 of 1');
  await expect(page.getByRole('row', { name: new RegExp(email(33)) })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const lines = (await fs.readFile(await (await download).path(), 'utf8')).trim().split(/\r\n/);
  expect(lines[0]).toContain('Student,Email,Exam');
  for (let n = 1; n <= COUNT; n++) expect(lines.filter((l) => l.includes(email(n)))).toHaveLength(1);
  expect(lines).toHaveLength(COUNT + 1);
});
