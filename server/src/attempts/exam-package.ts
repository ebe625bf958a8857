/**
 * What a student downloads to take an exam: its questions as the running exam sends them (never an answer: those
 * columns are not even selected), with every media URL replaced by its rendition where one exists (../renditions/),
 * and the list of media files with their sizes. Built once per exam and kept while the exam's questions and the
 * renditions are unchanged: a version read from the database, so several server processes agree, and itself kept for
 * a second (VERSION_TTL_MS; a class opening the start page together costs one build and a version query a second,
 * not a query per student). A change made by this process (packagesChanged) is seen at once; one made by another
 * process on the same PostgreSQL, within a second.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { queryRows, type Db } from '../db/index.ts';
import { attempts, exams, media, mediaRenditions, questions } from '../db/schema.ts';
import { columnsFor } from '../db/question-row.ts';
import { httpError } from '../errors.ts';
import { renditionsOf } from '../renditions/index.ts';
import { decideForStudent } from '../access/student-exams.ts';
import { REASONS } from '../access/rules.ts';
import { mapQuestionMedia } from '../authoring/questions.ts';
import { parseMediaUrl } from 'shared-api/media-url';
import type { ExamDownload, Question } from 'shared-api/types';
import { isOverdue } from './close.ts';
import { packageGeneration } from './package-generation.ts';
import { toQuestionJson } from './serialize.ts';

export interface ExamPackage {
  questions: Question[];
  /** plays allowed of each listening audio; null: no limit */
  playLimit: number | null;
  /** the download's JSON, exactly as sent */
  json: string;
  /** media plus the JSON */
  bytes: number;
}

/** The columns a student may read while the exam runs (shared-api/question-fields: the answer key is not among them). */
const STUDENT_COLUMNS = columnsFor('exam');

/** `{ ..., "bytes": N }` where N counts the JSON itself: the digits of N are part of what they count. */
function withOwnSize(body: Omit<ExamDownload, 'bytes'>, mediaBytes: number): { json: string; bytes: number } {
  const head = JSON.stringify(body).slice(0, -1);
  let bytes = mediaBytes;
  for (;;) {
    const json = `${head},"bytes":${bytes}}`;
    const total = mediaBytes + Buffer.byteLength(json);
    if (total === bytes) return { json, bytes };
    bytes = total;
  }
}

async function build(db: Db, examId: string): Promise<ExamPackage> {
  const rows = await db.select(STUDENT_COLUMNS).from(questions).where(eq(questions.examId, examId)).orderBy(asc(questions.questionNumber));
  const [exam] = await db.select({ playLimit: exams.playLimit }).from(exams).where(eq(exams.id, examId)).limit(1);
  const playLimit = exam?.playLimit ?? null;
  const served = rows.map(toQuestionJson);
  const hashes = new Set<string>();
  for (const q of served) {
    mapQuestionMedia(q, (value) => {
      const ref = parseMediaUrl(value.trim());
      if (ref) hashes.add(ref.hash);
      return value;
    });
  }
  const renditions = await renditionsOf(db, [...hashes]);
  const originals = hashes.size
    ? await db.select({ hash: media.hash, ext: media.ext, size: media.size }).from(media).where(inArray(media.hash, [...hashes]))
    : [];
  const sizes = new Map(originals.map((m) => [`/media/${m.hash}.${m.ext}`, m.size]));
  for (const r of renditions.values()) sizes.set(r.url, r.bytes);
  const files = new Map<string, number>();
  const studentUrl = (value: string) => {
    const ref = parseMediaUrl(value.trim());
    const url = (ref && renditions.get(ref.hash)?.url) ?? value;
    const bytes = sizes.get(url);
    if (bytes !== undefined) files.set(url, bytes);
    return url;
  };
  const list: Question[] = served.map((q) => mapQuestionMedia(q, studentUrl));
  const fileList = [...files].map(([url, bytes]) => ({ url, bytes }));
  const mediaBytes = fileList.reduce((n, f) => n + f.bytes, 0);
  const { json, bytes } = withOwnSize({ examId, questions: list, files: fileList, playLimit }, mediaBytes);
  return { questions: list, playLimit, json, bytes };
}

const cache = new LRUCache<string, { version: string; pkg: Promise<ExamPackage> }>({ max: 500 });

/**
 * The versions of these exams' packages: their questions' ids and edit times, their play limits, and the last
 * rendition made.
 */
async function versions(db: Db, examIds: string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ exam_id: string; v: string }>(db, sql`
    select q.exam_id, md5(string_agg(q.id || '@' || q.updated_at::text, ',' order by q.id))
           || ':' || coalesce(min(e.play_limit)::text, '-') as v
      from ${questions} q left join ${exams} e on e.id = q.exam_id
     where q.exam_id in (${sql.join(examIds.map((id) => sql`${id}`), sql`, `)}) group by q.exam_id`);
  const [r] = await queryRows<{ v: string | null }>(db, sql`
    select max(${mediaRenditions.doneAt})::text as v from ${mediaRenditions} where ${mediaRenditions.status} = 'done'`);
  const byExam = new Map(rows.map((row) => [row.exam_id, row.v]));
  return new Map(examIds.map((id) => [id, `${byExam.get(id) ?? ''}|${r?.v ?? ''}`]));
}

const VERSION_TTL_MS = 1000;
const versionCache = new LRUCache<string, Promise<Map<string, string>>>({ max: 1000, ttl: VERSION_TTL_MS });

/** versions(), shared by the requests of the same second (and by concurrent ones: the promise is kept). */
function recentVersions(db: Db, examIds: string[]): Promise<Map<string, string>> {
  const key = `${packageGeneration()}|${[...examIds].sort().join(',')}`;
  let hit = versionCache.get(key);
  if (!hit) {
    hit = versions(db, examIds);
    versionCache.set(key, hit);
    hit.catch(() => { if (versionCache.get(key) === hit) versionCache.delete(key); });
  }
  return hit;
}

/** The packages of these exams, from the cache when their version is unchanged. */
export async function examPackages(db: Db, examIds: string[]): Promise<Map<string, ExamPackage>> {
  const out = new Map<string, ExamPackage>();
  if (examIds.length === 0) return out;
  const current = await recentVersions(db, examIds);
  await Promise.all(examIds.map(async (id) => {
    const version = current.get(id)!;
    let entry = cache.get(id);
    if (!entry || entry.version !== version) {
      entry = { version, pkg: build(db, id) };
      cache.set(id, entry);
      entry.pkg.catch(() => { if (cache.get(id) === entry) cache.delete(id); });
    }
    out.set(id, await entry.pkg);
  }));
  return out;
}

export async function examPackage(db: Db, examId: string): Promise<ExamPackage> {
  return (await examPackages(db, [examId])).get(examId)!;
}

/**
 * GET /api/exams/download/:examId/:userId: the package of an exam the student may take now, by the start call's own
 * decision (startAttempt): visible and startable, or with a running attempt to resume.
 */
export async function downloadForStudent(
  db: Db, clock: { examGraceSeconds: number }, student: { id: string; createdBy: string | null }, examId: string, now = new Date(),
): Promise<string> {
  const { exam, decision } = await decideForStudent(db, student, examId, now);
  if (!exam || !decision || exam.status !== 1) throw httpError(404, 'Exam Not Found');
  if (!decision.visible) throw httpError(403, decision.reason ?? REASONS.noAccess);
  if (!decision.startable) {
    const [running] = await db.select().from(attempts)
      .where(and(eq(attempts.userId, student.id), eq(attempts.examId, examId), eq(attempts.status, 'running'))).limit(1);
    if (!running || isOverdue(running, now, clock.examGraceSeconds)) throw httpError(403, decision.reason ?? REASONS.noAccess);
  }
  return (await examPackage(db, examId)).json;
}
