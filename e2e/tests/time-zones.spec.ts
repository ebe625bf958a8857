/**
 * Time zones (issue 25): an institute's days are those of its zone (default Asia/Kathmandu), whatever the browser's.
 * The browser runs in Asia/Seoul, then in Asia/Kathmandu (the server in Asia/Kathmandu: playwright.config.ts); the
 * institute's Today's Results is the Kathmandu day, and changing the zone in the Profile changes the day and the
 * times shown, whatever the device's zone.
 */
import { expect, test } from '@playwright/test';
import { auth, createInstitute, expectToast, loginApi, loginAs } from '../support/fixtures';
import { demoExamId } from '../support/exam';

/** YYYY-MM-DD and HH:MM of an instant in a zone. */
function wall(at: Date, timeZone: string) {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  }).formatToParts(at).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

for (const browserZone of ['Asia/Seoul', 'Asia/Kathmandu'] as const) test.describe(`the browser in ${browserZone}`, () => {
  test.use({ timezoneId: browserZone });

  test("an institute's Today's Results is its zone's day, not the browser's; the Profile changes the zone", async ({ page, request }) => {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const { session: institute, ...inst } = await createInstitute(request, {
      name: `Zone Academy ${tag}`, email: `tz-inst-${tag}@example.com`, password: 'institute-pass-1', phone: '9800044455', address: 'Lalitpur', institute_role: 0,
    });
    const student = { email: `tz-student-${tag}@example.com`, password: 'student-pass-1' };
    const made = await request.post(`/api/users/createUser/${institute.user._id}`, {
      headers: auth(institute.token),
      data: { firstname: 'Zone', lastname: 'Student', email: student.email, password: student.password, confirmPassword: student.password },
    });
    expect(made.ok(), await made.text()).toBeTruthy();
    const studentId = (await made.json())._id as string;
    expect((await request.post(`/api/examaccess/create/${institute.user._id}`, { headers: auth(institute.token), data: { user: studentId, type: 'ALL' } })).ok()).toBeTruthy();

    // a result made through the API, now
    const me = await loginApi(request, student.email, student.password);
    const examId = await demoExamId(request, me.token, studentId);
    const started = await request.post(`/api/reports/create/${studentId}`, { headers: auth(me.token), data: { exam: examId } });
    expect(started.ok(), await started.text()).toBeTruthy();
    const submitted = await request.post(`/api/results/create/${examId}/${studentId}`, { headers: auth(me.token), data: { report: (await started.json())._id } });
    expect(submitted.ok(), await submitted.text()).toBeTruthy();
    const startedAt = new Date(((await started.json()) as { startedAt: string }).startedAt);

    // Today's Results defaults to the Kathmandu day and shows the Kathmandu time, wherever the browser is.
    await loginAs(page, inst.email, inst.password);
    // (ICU spells the device's zone as it lists it: Asia/Kathmandu is Asia/Katmandu)
    const spelled = new Intl.DateTimeFormat('en', { timeZone: browserZone }).resolvedOptions().timeZone;
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(spelled);
    await page.goto('/institute/results');
    const kathmandu = wall(new Date(), 'Asia/Kathmandu');
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(kathmandu.day);
    const row = page.getByRole('row', { name: new RegExp(student.email) });
    await expect(row).toBeVisible();
    const shown = (await row.textContent()) ?? '';
    const ktm = wall(startedAt, 'Asia/Kathmandu');
    const seoul = wall(startedAt, 'Asia/Seoul');
    expect(shown).toContain(`${ktm.day} ${ktm.time}`);
    expect(shown).not.toContain(`${seoul.day} ${seoul.time}`);

    // A zone whose day is not Kathmandu's now: Kiritimati (UTC+14) late in the Kathmandu day, Pago Pago (UTC-11) early.
    const now = new Date();
    const other = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => wall(now, z).day !== wall(now, 'Asia/Kathmandu').day)!;
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByLabel('Time Zone')).toHaveValue('Asia/Kathmandu');
    await page.getByLabel('Time Zone').selectOption(other);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Updating User Details Success');
    const saved = await request.post('/api/auth/signin', { data: { email: inst.email, password: inst.password } });
    expect((await saved.json()).user.time_zone).toBe(other);

    await page.getByRole('link', { name: 'Todays Results' }).click();
    const otherDay = wall(new Date(), other).day;
    expect(otherDay).not.toBe(kathmandu.day);
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(otherDay);
    const there = wall(startedAt, other);
    await expect(page.getByRole('row', { name: new RegExp(student.email) })).toContainText(`${there.day} ${there.time}`);
    // the Kathmandu day, counted in the new zone, does not hold the result
    await page.getByLabel('Date', { exact: true }).fill(kathmandu.day);
    await expect(page.getByText('No Result Found')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(student.email) })).toHaveCount(0);

    // after a reload the session still has the zone
    await page.reload();
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(otherDay);
  });
});
