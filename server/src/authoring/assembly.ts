/**
 * Blueprints (an owner's own; the built-in EPS-TOPIK one is shared-api's EPS_BLUEPRINT) and "New exam from bank"
 * (docs/question-bank.md): the bank's items and their figures (./bank.ts itemUses), the pure planner
 * (./assembly-plan.ts), and the new hidden exam of copies.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EPS_BLUEPRINT } from 'shared-api/item-types';
import { assembleSchema, blueprintSchema } from 'shared-api/schemas/blueprint';
import type { Exam as ExamJson, QuestionType } from 'shared-api/types';
import type { AuthUser } from '../auth/index.ts';
import { queryRows, type Db } from '../db/index.ts';
import { blueprints, exams, questions } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { isId, newId } from '../ids.ts';
import { check } from '../validate.ts';
import { packagesChanged } from '../attempts/package-generation.ts';
import { planForm, type Candidate, type Plan } from './assembly-plan.ts';
import { bankScope, itemStudents, itemUses, representatives } from './bank.ts';
import { assertMayAddExams, examJson } from './exams.ts';
import { fieldsToRow, rowToFields } from './questions.ts';

export const EPS_BLUEPRINT_ID = 'eps';
export const BLUEPRINT_MSG = { notFound: 'Blueprint not found' } as const;

export interface BlueprintJson {
  _id: string;
  name: string;
  slots: string[];
  builtIn: boolean;
}

const builtIn = (): BlueprintJson => ({ _id: EPS_BLUEPRINT_ID, name: 'EPS-TOPIK', slots: [...EPS_BLUEPRINT], builtIn: true });

/** The built-in blueprint, then the caller's own, by name. */
export async function listBlueprints(db: Db, me: AuthUser): Promise<BlueprintJson[]> {
  const rows = await db.select().from(blueprints).where(eq(blueprints.userId, me.id)).orderBy(asc(blueprints.name), asc(blueprints.id));
  return [builtIn(), ...rows.map((r) => ({ _id: r.id, name: r.name, slots: r.slots, builtIn: false }))];
}

async function ownBlueprint(db: Db, me: AuthUser, id: string) {
  const [row] = isId(id) ? await db.select().from(blueprints).where(and(eq(blueprints.id, id), eq(blueprints.userId, me.id))).limit(1) : [];
  if (!row) throw new HttpError(404, BLUEPRINT_MSG.notFound);
  return row;
}

export async function createBlueprint(db: Db, me: AuthUser, body: unknown): Promise<BlueprintJson> {
  const v = await check(blueprintSchema, body);
  const id = newId();
  await db.insert(blueprints).values({ id, userId: me.id, name: v.name, slots: v.slots });
  return { _id: id, name: v.name, slots: v.slots, builtIn: false };
}

export async function updateBlueprint(db: Db, me: AuthUser, id: string, body: unknown): Promise<BlueprintJson> {
  const row = await ownBlueprint(db, me, id);
  const v = await check(blueprintSchema, body);
  await db.update(blueprints).set({ name: v.name, slots: v.slots, updatedAt: new Date() }).where(eq(blueprints.id, row.id));
  return { _id: row.id, name: v.name, slots: v.slots, builtIn: false };
}

export async function deleteBlueprint(db: Db, me: AuthUser, id: string): Promise<{ _id: string }> {
  const row = await ownBlueprint(db, me, id);
  await db.delete(blueprints).where(eq(blueprints.id, row.id));
  return { _id: row.id };
}

export interface AssembleBody {
  title?: string;
  blueprint?: string;
  target?: number | null;
  seed?: number;
  dryRun?: boolean;
}

/** The plan as sent: per slot the item's identity, a line of its text, p, n and how many students have seen it. */
export interface PlanJson extends Omit<Plan, 'slots'> {
  blueprint: { _id: string; name: string };
  slots: { number: number; itemType: string; section: QuestionType; reason: string | null;
    item: { _id: string; text: string; p: number | null; n: number; seen: number } | null }[];
}

/**
 * "New exam from bank": the plan of a form from the caller's bank by a blueprint; unless `dryRun`, a new hidden exam
 * of copies of the planned items (each naming its item, as "Add from bank" does), in one transaction.
 */
export async function assembleExam(db: Db, me: AuthUser, body: AssembleBody): Promise<PlanJson | { exam: ExamJson; plan: PlanJson }> {
  assertMayAddExams(me);
  const v = await check(assembleSchema, body);
  const bp = !body.blueprint || body.blueprint === EPS_BLUEPRINT_ID ? builtIn() : await ownBlueprint(db, me, body.blueprint).then((r) => ({ _id: r.id, name: r.name, slots: r.slots }));
  const scope = await bankScope(db, me);
  // the caller's bank: an institute's own exams, the admin's every question; figures over its results
  const items = await queryRows<{ id: string; item: string }>(db, sql`${representatives(scope, {})} order by item`);
  const rows = items.length ? await db.select().from(questions).where(inArray(questions.id, items.map((i) => i.id))) : [];
  const uses = await itemUses(db, scope.institute, items.map((i) => i.item));
  const seen = await itemStudents(db, scope.results, items.map((i) => i.item));
  const byItem = new Map(rows.map((r) => [r.itemId ?? r.id, r]));
  const candidates: Candidate[] = rows.map((r) => {
    const u = uses.get(r.itemId ?? r.id)!;
    return { id: r.itemId ?? r.id, section: r.type as QuestionType, itemType: r.itemType, p: u.facility, n: u.n, seen: seen.get(r.itemId ?? r.id) ?? 0 };
  });
  const plan = planForm(bp.slots, candidates, { seed: body.seed ?? 1, target: v.target ?? null });
  const text = (id: string) => {
    const q = byItem.get(id)!;
    const t = (q.mainHeadingImage ? '' : q.mainHeading) || q.heading || (q.descriptionImage ? '' : q.description);
    return t.length > 80 ? `${t.slice(0, 80)}…` : t;
  };
  const json: PlanJson = {
    ...plan,
    blueprint: { _id: bp._id, name: bp.name },
    slots: plan.slots.map((s) => ({
      number: s.number, itemType: s.itemType, section: s.section, reason: s.reason,
      item: s.item ? { _id: s.item.id, text: text(s.item.id), p: s.item.p, n: s.item.n, seen: s.item.seen } : null,
    })),
  };
  if (body.dryRun) return json;

  const examId = newId();
  await db.transaction(async (tx) => {
    await tx.insert(exams).values({ id: examId, title: v.title, type: 'private', isCbt: false, status: 0, userId: me.id });
    const copies = plan.slots.filter((s) => s.item).map((s) => {
      const source = byItem.get(s.item!.id)!;
      return { id: newId(), examId, ...fieldsToRow({ ...rowToFields(source), question_number: s.number }), itemId: s.item!.id };
    });
    if (copies.length) await tx.insert(questions).values(copies);
  });
  packagesChanged();
  return { exam: await examJson(db, examId), plan: json };
}
