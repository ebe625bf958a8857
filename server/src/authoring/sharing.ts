/** "Who can see this exam?": the institutes an admin opens one of its private exams to. */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AuthInstitute } from 'shared-api/types';
import { ROLES } from '../auth/index.ts';
import type { Executor } from '../db/index.ts';
import { examInstituteAccess, exams, users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { isId } from '../ids.ts';
import { toInstituteJson } from '../serializers.ts';
import { EXAM_MSG } from './exams.ts';

/** The institutes a private exam is opened to, by name. */
async function examInstitutes(db: Executor, examId: string): Promise<AuthInstitute[]> {
  const rows = await db.select({ u: users }).from(examInstituteAccess)
    .innerJoin(users, eq(users.id, examInstituteAccess.instituteId))
    .where(and(eq(examInstituteAccess.examId, examId), eq(users.role, ROLES.institute), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.email));
  return rows.map((r) => toInstituteJson(r.u));
}

/** A private, non-deleted exam. */
async function privateExam(db: Executor, examId: string) {
  if (!isId(examId)) throw new HttpError(404, EXAM_MSG.notFound);
  const [exam] = await db.select().from(exams).where(and(eq(exams.id, examId), isNull(exams.deletedAt))).limit(1);
  if (!exam) throw new HttpError(404, EXAM_MSG.notFound);
  if (exam.type !== 'private') throw new HttpError(400, EXAM_MSG.onlyPrivateShared);
  return exam;
}

/** The `institute` of an access body: an id, or the selected institute row ({_id}). */
function instituteParam(body: unknown): string {
  const raw = (body as { institute?: unknown } | null | undefined)?.institute;
  const id = typeof raw === 'string' ? raw.trim() : (raw && typeof raw === 'object' ? (raw as { _id?: unknown })._id : undefined);
  if (typeof id !== 'string' || !id) throw new HttpError(400, 'Cannot be Empty');
  return id;
}

export async function institutesOfExam(db: Executor, examId: string): Promise<AuthInstitute[]> {
  const exam = await privateExam(db, examId);
  return examInstitutes(db, exam.id);
}

/** Opens the exam to the body's institute; answers the institutes it is opened to now. */
export async function grantExam(db: Executor, examId: string, body: unknown): Promise<AuthInstitute[]> {
  const exam = await privateExam(db, examId);
  const instituteId = instituteParam(body);
  const [inst] = isId(instituteId)
    ? await db.select({ id: users.id }).from(users)
      .where(and(eq(users.id, instituteId), eq(users.role, ROLES.institute), isNull(users.deletedAt))).limit(1)
    : [];
  if (!inst) throw new HttpError(400, 'Institute Not Found');
  await db.insert(examInstituteAccess).values({ examId: exam.id, instituteId: inst.id }).onConflictDoNothing();
  return examInstitutes(db, exam.id);
}

export async function revokeExam(db: Executor, examId: string, body: unknown): Promise<AuthInstitute[]> {
  const exam = await privateExam(db, examId);
  const instituteId = instituteParam(body);
  await db.delete(examInstituteAccess)
    .where(and(eq(examInstituteAccess.examId, exam.id), eq(examInstituteAccess.instituteId, instituteId)));
  return examInstitutes(db, exam.id);
}
