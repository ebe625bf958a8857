/** Demo accounts, sign-in helpers and API helpers shared by the e2e tests. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'password123', area: '/admin' },
  institute: { email: 'institute@example.com', password: 'password123', area: '/institute' },
  student: { email: 'student@example.com', password: 'password123', area: '/student' },
  newStudent: { email: 'newstudent@example.com', password: 'password123', area: '/student' },
} as const;

export type DemoRole = keyof typeof DEMO;

/**
 * Where tests/auth.setup.ts (the `setup` project, run before the tests) keeps each demo account's storage state, for
 * `test.use({ storageState: stateFile('student') })` in tests that only need that account signed in. The app keeps
 * its session in local storage (shared-api/src/session.ts), which a storage state holds (no cookie, no session
 * storage). Git-ignored (.gitignore: e2e/.auth/).
 */
export const stateFile = (role: DemoRole) => path.join(__dirname, '..', '.auth', `${role}.json`);

interface StorageState { origins: { origin: string; localStorage: { name: string; value: string }[] }[] }

/** The origin of the running test's lane (its project's baseURL: playwright.config.ts), when called in a test or hook. */
function laneOrigin(): string | undefined {
  try {
    const base = test.info().project.use.baseURL;
    return base ? new URL(base).origin : undefined;
  } catch {
    return undefined; // outside a test: the first lane's
  }
}

/** The stored local storage of a demo account on this test's lane (each lane's server signs its own tokens). */
function storedItems(role: DemoRole) {
  const state = JSON.parse(readFileSync(stateFile(role), 'utf8')) as StorageState;
  const origin = laneOrigin();
  return (state.origins.find((o) => o.origin === origin) ?? state.origins[0])?.localStorage ?? [];
}

/** The session the setup project stored for a demo account: its token and user for API calls, with no new sign-in. */
export function storedSession(role: DemoRole): ApiSession & { institute: unknown } {
  const items = new Map(storedItems(role).map((e) => [e.name, e.value]));
  const token = items.get('token');
  const user = items.get('user');
  if (!token || !user) throw new Error(`${stateFile(role)} holds no session: the setup project (tests/auth.setup.ts) signs it in`);
  return { token, user: JSON.parse(user) as ApiSession['user'], institute: JSON.parse(items.get('institute') ?? 'null') };
}

/** Puts a demo account's stored session into this page's local storage: a test that changes user midway (no sign-in). */
export async function useStoredSession(page: Page, role: DemoRole) {
  await page.goto('/login');
  await page.evaluate((items) => {
    for (const { name, value } of items) localStorage.setItem(name, value);
  }, storedItems(role));
  return storedSession(role);
}

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

/**
 * A new institute made by the demo admin through the API (its own students and results, apart from the demo data);
 * `institute_role` 1 may add exams. Returns its email, password and a signed-in session.
 */
export async function createInstitute(
  request: APIRequestContext,
  fields: { name: string; email: string; password: string; phone?: string; address?: string; institute_role?: 0 | 1 },
): Promise<{ email: string; password: string; session: ApiSession }> {
  const admin = storedSession('admin');
  const created = await request.post(`/api/users/createInstitute/${admin.user._id}`, {
    headers: auth(admin.token),
    data: { phone: '9800022233', address: 'Kathmandu', institute_role: 1, ...fields, confirm_password: fields.password },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return { email: fields.email, password: fields.password, session: await loginApi(request, fields.email, fields.password) };
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
