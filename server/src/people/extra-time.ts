/**
 * A student's extra time (accommodations): set by the institute that enrolled the student or an admin, read by them
 * and by the student (the start page says how long the exam will be). The attempt's start applies it to the deadline
 * (attempts/attempts.ts), so it is read once there and never again for a running attempt.
 */
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../db/index.ts';
import { extraTime, type ExtraTime as ExtraTimeRow } from '../db/schema.ts';
import { ROLES, type AuthUser } from '../auth/index.ts';
import { HttpError } from '../errors.ts';
import { checkSync } from '../validate.ts';
import { managedUser, readableUser, userNotFound } from './users.ts';
import { extraTimeSchema } from 'shared-api/schemas/extra-time';
import type { ExtraTime as ExtraTimeJson, ExtraTimeInput } from 'shared-api/types';

type Extra = Pick<ExtraTimeRow, 'percent' | 'minutes'> | null | undefined;

/** Seconds added to an exam of `durationSeconds` (whole seconds, rounded up: never less than granted). */
export function extraSecondsFor(durationSeconds: number, extra: Extra): number {
  if (extra?.percent) return Math.ceil((durationSeconds * extra.percent) / 100);
  if (extra?.minutes) return extra.minutes * 60;
  return 0;
}

/** The student's extra time row, or null (none). */
export async function extraTimeRow(db: Executor, studentId: string): Promise<Extra> {
  const [row] = await db.select({ percent: extraTime.percent, minutes: extraTime.minutes }).from(extraTime)
    .where(eq(extraTime.userId, studentId)).limit(1);
  return row ?? null;
}

const toJson = (extra: Extra, durationSeconds: number): ExtraTimeJson => ({
  percent: extra?.percent ?? null,
  minutes: extra?.minutes ?? null,
  durationSeconds,
  extraSeconds: extraSecondsFor(durationSeconds, extra),
});

/** The extra time of `studentId` (default: the caller), if the caller may read that student. */
export async function extraTimeOf(db: Executor, me: AuthUser, studentId: string | undefined, durationSeconds: number): Promise<ExtraTimeJson> {
  const target = await readableUser(db, me, studentId ?? me.id);
  if (target.role !== ROLES.student) throw userNotFound();
  return toJson(await extraTimeRow(db, target.id), durationSeconds);
}

/** Sets (or, kind 'none', removes) the extra time of a student the caller manages: an admin's any, an institute's its own. */
export async function setExtraTime(db: Db, me: AuthUser, body: ExtraTimeInput, durationSeconds: number): Promise<ExtraTimeJson> {
  const v = checkSync(extraTimeSchema, body);
  const target = await managedUser(db, me, v.user);
  if (target.role !== ROLES.student) throw new HttpError(400, 'Extra time can be set only for students');
  const value = v.value as number | undefined;
  if (v.kind === 'none') {
    await db.delete(extraTime).where(eq(extraTime.userId, target.id));
    return toJson(null, durationSeconds);
  }
  const row = { percent: v.kind === 'percent' ? value! : null, minutes: v.kind === 'minutes' ? value! : null };
  await db.insert(extraTime).values({ userId: target.id, ...row, setBy: me.id, updatedAt: new Date() })
    .onConflictDoUpdate({ target: extraTime.userId, set: { ...row, setBy: me.id, updatedAt: new Date() } });
  return toJson(row, durationSeconds);
}
