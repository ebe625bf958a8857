/** Shared setup of the people tests: the demo data plus a second institute (B) with one student, all signed in. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { bearer, buildTestApp, tokenFor, type TestApp } from './helpers.ts';

export interface PeopleWorld {
  t: TestApp;
  ids: NonNullable<NonNullable<TestApp['seed']>['ids']> & { exam: string; instB: string; studentB: string };
  tok: { admin: string; institute: string; student: string; newStudent: string; instB: string; studentB: string };
  /** a request as `token`; `path` is below /api */
  call(method: InjectOptions['method'], path: string, token: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** the users row, read back from the database */
  row(id: string): Promise<typeof users.$inferSelect | undefined>;
}

export async function peopleWorld(): Promise<PeopleWorld> {
  const t = await buildTestApp();
  const seed = { ...t.seed!.ids!, exam: t.seed!.ids!.exam! };
  const adminTok = await tokenFor(t.app, 'admin@example.com');
  const call: PeopleWorld['call'] = (method, path, token, payload) =>
    t.app.inject({ method, url: `/api/${path}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as never }) });
  const r1 = await call('POST', `users/createInstitute/${seed.admin}`, adminTok, {
    name: 'Pokhara Language School', email: 'inst-b@example.com', phone: '9800000001', address: 'Pokhara',
    password: 'password123', confirm_password: 'password123', institute_role: 1,
  });
  if (r1.statusCode !== 201) throw new Error(`createInstitute: ${r1.statusCode} ${r1.body}`);
  const instB = r1.json()._id as string;
  const instBTok = await tokenFor(t.app, 'inst-b@example.com');
  const r2 = await call('POST', `users/createUser/${instB}`, instBTok, {
    firstname: 'Bina', lastname: 'Gurung', email: 'student-b@example.com', password: 'password123', confirmPassword: 'password123',
  });
  if (r2.statusCode !== 201) throw new Error(`createUser: ${r2.statusCode} ${r2.body}`);
  const studentB = r2.json()._id as string;
  return {
    t,
    ids: { ...seed, instB, studentB },
    tok: {
      admin: adminTok,
      institute: await tokenFor(t.app, 'institute@example.com'),
      student: await tokenFor(t.app, 'student@example.com'),
      newStudent: await tokenFor(t.app, 'newstudent@example.com'),
      instB: instBTok,
      studentB: await tokenFor(t.app, 'student-b@example.com'),
    },
    call,
    async row(id) {
      const [r] = await t.db.select().from(users).where(eq(users.id, id)).limit(1);
      return r;
    },
  };
}

export const newStudentBody = (email: string, extra: Record<string, unknown> = {}) => ({
  firstname: 'Sita', lastname: 'Sharma', email, phone: '9811111111', password: 'password123', confirmPassword: 'password123', ...extra,
});
