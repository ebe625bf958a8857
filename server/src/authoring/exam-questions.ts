/**
 * An exam's questions: the list, create, edit (the body over the stored question, checked by the form's rules and
 * then against the exam's other questions) and delete.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { QUESTIONS_PER_TYPE } from 'shared-api/constants';
import { fieldsFor } from 'shared-api/question-fields';
import type { Question as QuestionJson } from 'shared-api/types';
import type { AuthUser } from '../auth/index.ts';
import type { Db, Executor } from '../db/index.ts';
import { exams, questions, type Exam as ExamRow, type Question as QuestionRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { isId, newId } from '../ids.ts';
import { check } from '../validate.ts';
import { toQuestionJson } from '../attempts/serialize.ts';
import { valuesOf } from '../db/question-row.ts';
import { packagesChanged } from '../attempts/package-generation.ts';
import { loadExamFor } from './exams.ts';
import { fieldsToRow, isQuestionType, mediaHashes, missingMedia, publishProblem, QMSG, questionSchema, rowToFields } from './questions.ts';

const STAFF_ONLY = fieldsFor('staff');

/** A question as the back office reads it: as served, with what only staff read (its item type). */
export const authoredQuestionJson = (row: QuestionRow): QuestionJson => ({ ...toQuestionJson(row), ...valuesOf(row, STAFF_ONLY) });

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

export async function listQuestions(db: Db, me: AuthUser, examId: string): Promise<QuestionJson[]> {
  const exam = await loadExamFor(db, me, examId, 'read');
  const rows = await db.select().from(questions).where(eq(questions.examId, exam.id)).orderBy(asc(questions.questionNumber));
  return rows.map(authoredQuestionJson);
}

/** Checks and writes one question (create when `existing` is undefined; `itemId` the bank item a new one copies) inside a transaction. */
async function saveQuestion(db: Db, exam: ExamRow, body: Record<string, unknown> | undefined, existing?: QuestionRow, itemId?: string): Promise<QuestionJson> {
  // The body over the stored question (an edit may send only what changes), checked by the form's rules.
  const given = { ...(existing ? rowToFields(existing) : {}), ...body };
  const type = given.type;
  const typeCount = async (tx: Executor, t: string) => {
    const where = existing
      ? and(eq(questions.examId, exam.id), eq(questions.type, t), ne(questions.id, existing.id))
      : and(eq(questions.examId, exam.id), eq(questions.type, t));
    const [r] = await tx.select({ n: sql<number | string>`count(*)` }).from(questions).where(where);
    return Number(r?.n ?? 0);
  };
  // A type that already has its 20 questions takes no more, whatever number was asked for.
  if (isQuestionType(type) && (!existing || existing.type !== type) && (await typeCount(db, type)) >= QUESTIONS_PER_TYPE) {
    throw new HttpError(400, QMSG.switchMode);
  }
  const fields = await check(questionSchema, given);
  if ((await missingMedia(db, mediaHashes(fields))).length) {
    throw new HttpError(400, 'An uploaded file of this question was not found; upload it again');
  }
  const id = existing?.id ?? newId();
  try {
    await db.transaction(async (tx) => {
      const [clash] = await tx.select({ id: questions.id }).from(questions)
        .where(and(eq(questions.examId, exam.id), eq(questions.questionNumber, fields.question_number),
          existing ? ne(questions.id, existing.id) : undefined))
        .limit(1);
      if (clash) throw new HttpError(409, QMSG.numberUsed);
      if (existing) {
        await tx.update(questions).set({ ...fieldsToRow(fields), updatedAt: new Date() }).where(eq(questions.id, id));
      } else {
        await tx.insert(questions).values({ id, examId: exam.id, ...fieldsToRow(fields), itemId: itemId ?? null });
      }
      // A published exam stays publishable: the change is undone if it would break the 20 + 20 rule.
      const [now] = await tx.select({ status: exams.status }).from(exams).where(eq(exams.id, exam.id)).limit(1);
      if (now?.status === 1) {
        const problem = publishProblem(await tx.select().from(questions).where(eq(questions.examId, exam.id)));
        if (problem) throw new HttpError(400, `A published exam must stay complete. ${problem}`);
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, QMSG.numberUsed);
    throw err;
  }
  packagesChanged();
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
  return authoredQuestionJson(row!);
}

/** A new question; `itemId`: the bank item it is a copy of (./bank.ts). */
export async function createQuestion(db: Db, me: AuthUser, examId: string, body: Record<string, unknown>, itemId?: string): Promise<QuestionJson> {
  return saveQuestion(db, await loadExamFor(db, me, examId, 'write'), body, undefined, itemId);
}

export async function updateQuestion(db: Db, me: AuthUser, examId: string, questionId: string, body: Record<string, unknown>): Promise<QuestionJson> {
  const exam = await loadExamFor(db, me, examId, 'write');
  const [existing] = isId(questionId)
    ? await db.select().from(questions).where(and(eq(questions.id, questionId), eq(questions.examId, exam.id))).limit(1)
    : [];
  if (!existing) throw new HttpError(404, 'Question Not Found');
  return saveQuestion(db, exam, body, existing);
}

/** Deletes a question of an unpublished exam. */
export async function deleteQuestion(db: Db, me: AuthUser, questionId: string): Promise<{ _id: string }> {
  const [q] = isId(questionId) ? await db.select().from(questions).where(eq(questions.id, questionId)).limit(1) : [];
  if (!q) throw new HttpError(404, 'Question Not Found');
  const exam = await loadExamFor(db, me, q.examId, 'write');
  if (exam.status === 1) throw new HttpError(400, QMSG.unpublishFirst);
  await db.delete(questions).where(eq(questions.id, q.id));
  packagesChanged();
  return { _id: q.id };
}
