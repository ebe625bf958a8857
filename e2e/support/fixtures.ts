/** Demo accounts, sign-in helpers and API helpers shared by the e2e tests. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'password123', area: '/admin' },
  institute: { email: 'institute@example.com', password: 'password123', area: '/institute' },
  student: { email: 'student@example.com', password: 'password123', area: '/student' },
  newStudent: { email: 'newstudent@example.com', password: 'password123', area: '/student' },
} as const;

export async function loginUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export interface ApiSession {
  token: string;
  user: { _id: string; role: number; email: string; created_by: string | null };
}

export async function loginApi(request: APIRequestContext, email: string, password: string): Promise<ApiSession> {
  const res = await request.post('/api/auth/signin', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as ApiSession;
}

/** Signs in through the API and writes the session into local storage, as the login page would. */
export async function loginAs(page: Page, email: string, password: string) {
  const s = await page.request.post('/api/auth/signin', { data: { email, password } });
  expect(s.ok()).toBeTruthy();
  const body = await s.json();
  await page.goto('/login');
  await page.evaluate((b) => {
    localStorage.setItem('token', b.token);
    localStorage.setItem('role', String(b.user.role));
    localStorage.setItem('user', JSON.stringify(b.user));
    localStorage.setItem('institute', JSON.stringify(b.institute));
  }, body);
  return body as ApiSession & { institute: unknown };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description) await expect(toast.first()).toContainText(description.trim());
}
