/**
 * Seeding. On an empty database (no users) with SEED=demo: demo admin, institute, two students, two categories,
 * an exam access and one published exam loaded from server/seed/demo-exam.json (media tokens `media:<file>`
 * resolved against server/seed/media/). With SEED=none and ADMIN_EMAIL + ADMIN_PASSWORD: the first admin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SERVER_ROOT, type Config } from '../config.ts';
import { queryRows, type Database, type Executor } from '../db/index.ts';
import { categories, examAccess, exams, questions, users } from '../db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { newId } from '../ids.ts';
import { mimeForExt, storeMedia } from '../media.ts';
import { defaultItemType } from 'shared-api/item-types';
import { QUESTION_DEFAULTS, QUESTION_FIELD_NAMES, QUESTION_FIELDS } from 'shared-api/question-fields';
import type { QuestionFields } from 'shared-api/types';
import { fieldsToRow } from '../db/question-row.ts';
import { nextUserUid } from '../userUid.ts';

export const DEMO_EXAM_PATH = path.join(SERVER_ROOT, 'seed', 'demo-exam.json');
export const DEMO_PASSWORD = 'password123';
export const DEMO_LOGINS = [
  { role: 'admin', email: 'admin@example.com' },
  { role: 'institute', email: 'institute@example.com' },
  { role: 'student (with institute)', email: 'student@example.com' },
  { role: 'student (no institute)', email: 'newstudent@example.com' },
] as const;

export interface SeedLogger { info(msg: string): void; warn(msg: string): void }

export interface SeedOptions {
  /** the exam JSON (default server/seed/demo-exam.json); media files are looked up in <its folder>/media */
  examPath?: string;
  mediaDir?: string;
  log?: SeedLogger;
}

export interface SeedResult {
  seeded: 'demo' | 'admin' | 'none';
  ids?: { admin: string; institute: string; student: string; newStudent: string; exam: string | null; categories: string[] };
}

/** A question of the exam file: its fields (shared-api/question-fields); those with a default may be left out. */
type ExamFileQuestion = Pick<QuestionFields, 'type' | 'question_number' | 'answer'> & Partial<QuestionFields>;
interface ExamFile { title: string; questions: ExamFileQuestion[] }

const MEDIA_TOKEN_RE = /media:([A-Za-z0-9][A-Za-z0-9._-]*\.[A-Za-z0-9]{1,5})/g;

async function countUsers(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from users`);
  return Number(rows[0]?.n ?? 0);
}

/** Replaces every `media:<file>` token by the stored media URL. */
async function resolveMedia(db: Executor, value: string, mediaDir: string, userId: string, memo: Map<string, string>): Promise<string> {
  const names = [...value.matchAll(MEDIA_TOKEN_RE)].map((m) => m[1]!);
  for (const name of names) {
    if (!memo.has(name)) {
      const file = path.join(mediaDir, path.basename(name));
      const ext = path.extname(name).slice(1).toLowerCase();
      const mime = mimeForExt(ext);
      if (!mime) throw new Error(`Seed: unsupported media type ${name}`);
      const buf = await fs.promises.readFile(file);
      memo.set(name, await storeMedia(db, buf, mime, ext, userId));
    }
  }
  return value.replace(MEDIA_TOKEN_RE, (_m, name: string) => memo.get(name)!);
}

/** Loads an exam file into `exams` + `questions` (status 1, public). Returns the exam id. */
export async function loadExamFile(
  db: Executor,
  examPath: string,
  opts: { ownerId: string; categoryId: string | null; mediaDir?: string },
): Promise<string> {
  const data = JSON.parse(await fs.promises.readFile(examPath, 'utf8')) as ExamFile;
  if (!data || typeof data.title !== 'string' || !Array.isArray(data.questions)) {
    throw new Error(`Seed: ${examPath} is not an exam file ({title, questions[]})`);
  }
  const mediaDir = opts.mediaDir ?? path.join(path.dirname(examPath), 'media');
  const memo = new Map<string, string>();
  const r = (v: string | undefined) => resolveMedia(db, v ?? '', mediaDir, opts.ownerId, memo);
  const examId = newId();
  const now = new Date();
  await db.insert(exams).values({
    id: examId, title: data.title, type: 'public', isCbt: false, status: 1,
    categoryId: opts.categoryId, userId: opts.ownerId, publishedAt: now,
  });
  for (const q of data.questions) {
    // text with its media tokens resolved; absent: the field's default (the item type: its number's)
    const fields: Record<string, unknown> = {};
    for (const k of QUESTION_FIELD_NAMES) {
      const value = q[k] ?? (QUESTION_DEFAULTS as Partial<QuestionFields>)[k];
      const { kind } = QUESTION_FIELDS[k];
      fields[k] = kind === 'text' ? await r(String(value ?? '')) : kind === 'boolean' ? Boolean(value) : value;
    }
    fields.item_type = q.item_type ?? defaultItemType(q.question_number);
    await db.insert(questions).values({ id: newId(), examId, ...fieldsToRow(fields as QuestionFields) });
  }
  return examId;
}

export async function seedDatabase(database: Database, config: Pick<Config, 'seed' | 'adminEmail' | 'adminPassword'>, options: SeedOptions = {}): Promise<SeedResult> {
  const log = options.log ?? { info: () => {}, warn: () => {} };
  const db = database.db;

  if (config.seed === 'none') {
    if (!config.adminEmail || !config.adminPassword) return { seeded: 'none' };
    const [existing] = await db.select({ id: users.id }).from(users)
      .where(and(eq(users.role, 2), isNull(users.deletedAt))).limit(1);
    if (existing) return { seeded: 'none' };
    const email = config.adminEmail;
    const passwordHash = await hashPassword(config.adminPassword);
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: newId(), email, passwordHash, firstName: 'Admin', lastName: '', role: 2, instituteRole: 1,
        userUid: await nextUserUid(tx),
      });
    });
    log.info(`Created the first admin ${email}`);
    return { seeded: 'admin' };
  }

  if ((await countUsers(db)) > 0) return { seeded: 'none' };

  const examPath = options.examPath ?? DEMO_EXAM_PATH;
  const hasExam = fs.existsSync(examPath);
  if (!hasExam) log.warn(`Seed: ${examPath} not found; seeding without the demo exam`);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const ids = await db.transaction(async (tx) => {
    // another process may be seeding at the same time (PostgreSQL): serialise, then re-check
    if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(7411202502)`);
    if ((await countUsers(tx)) > 0) return undefined;
    const admin = newId();
    const institute = newId();
    const student = newId();
    const newStudent = newId();
    await tx.insert(users).values([
      { id: admin, email: 'admin@example.com', passwordHash, firstName: 'Demo', lastName: 'Admin', role: 2, instituteRole: 1, userUid: 'EPS-000001' },
      {
        id: institute, email: 'institute@example.com', passwordHash, firstName: 'Kathmandu Korean Academy', lastName: '',
        role: 1, instituteRole: 1, phone: '9801234567', address: 'Putalisadak, Kathmandu', createdBy: admin, userUid: 'EPS-000002',
      },
      {
        id: student, email: 'student@example.com', passwordHash, firstName: 'Demo', lastName: 'Student', role: 0,
        phone: '9812345678', createdBy: institute, userUid: 'EPS-000003',
      },
      { id: newStudent, email: 'newstudent@example.com', passwordHash, firstName: 'New', lastName: 'Student', role: 0, userUid: 'EPS-000004' },
    ]);
    const cat1 = newId();
    const cat2 = newId();
    await tx.insert(categories).values([
      { id: cat1, title: 'EPS-TOPIK General', createdBy: admin },
      { id: cat2, title: 'EPS-TOPIK Manufacturing', createdBy: admin },
    ]);
    await tx.insert(examAccess).values({ id: newId(), userId: student, type: 'CREATOR-AND-PUBLIC-ALL', createdBy: institute });
    const exam = hasExam ? await loadExamFile(tx, examPath, { ownerId: admin, categoryId: cat1, mediaDir: options.mediaDir }) : null;
    return { admin, institute, student, newStudent, exam, categories: [cat1, cat2] };
  });
  if (!ids) return { seeded: 'none' };
  log.info('Seeded the demo data');
  return { seeded: 'demo', ids };
}

/** One line per demo login, for the start-up log. */
export function demoLoginLines(): string[] {
  return DEMO_LOGINS.map((l) => `  ${l.role.padEnd(25)} ${l.email} / ${DEMO_PASSWORD}`);
}
