/**
 * Copying an exam from another deployment of this product: read its exam list and questions with the other admin's
 * token, download every image and audio file the questions reference (checked like uploads, and against the
 * sha256 in their name), then write media, exam and questions here in one transaction. Nothing is written before
 * every download succeeded, so a failed transfer leaves nothing behind.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_REVIEW_POLICY, EXAM_TYPES, PLAY_LIMITS, REVIEW_POLICIES } from 'shared-api/constants';
import type { ExamType, OptionType, QuestionType, RemoteExam, ReviewPolicy } from 'shared-api/types';

export type { RemoteExam };
import type { AuthUser } from '../auth/index.ts';
import type { Db } from '../db/index.ts';
import { categories, exams, questions } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { storeMedia } from '../media.ts';
import { MEDIA_NAME_RE, type MediaKind } from 'shared-api/media-url';
import { TITLE_MAX, REFERENCE_MAX } from '../authoring/exams.ts';
import { checkQuestion, fieldsToRow, mapQuestionMedia, type QuestionFields } from '../authoring/questions.ts';
import { QUESTION_FIELD_NAMES, QUESTION_FIELDS, type QuestionFieldSpec } from 'shared-api/question-fields';
import { defaultItemType } from 'shared-api/item-types';
import { MAX_BYTES, sniffMedia } from '../authoring/uploads.ts';
import { GuardedFetcher, parseTransferUrl, REASONS, TransferError, type GuardOptions } from './guarded-fetch.ts';

/** JSON documents (exam list, questions) of the other site: at most 5 MB each. */
export const JSON_MAX_BYTES = 5 * 1024 * 1024;
/** One media file: the larger of the upload limits (audio, 1 MB); the kind's own limit is checked after sniffing. */
export const MEDIA_MAX_BYTES = Math.max(...Object.values(MAX_BYTES));
/** Media downloads at a time. */
const PARALLEL_DOWNLOADS = 4;

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;


export interface RemoteSite {
  /** the other deployment's base URL, ending with '/' */
  base: URL;
  /** the other admin's user id (the last segment of its paths) */
  userId: string;
  token: string;
}

const bad = (detail: string) => new TransferError(`${REASONS.badData}: ${detail}`);

/** Checks the form the admin typed: an http(s) base URL (query and fragment dropped), a user id and a token. */
export function remoteSite(input: { url: string; userId: string; token: string }): RemoteSite {
  const base = parseTransferUrl(input.url.trim());
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const userId = input.userId.trim();
  if (!ID_RE.test(userId)) throw new TransferError('the user id is not valid');
  const token = input.token.trim();
  if (!/^[\x21-\x7e]{1,4096}$/.test(token)) throw new TransferError('the token is not valid');
  return { base, userId, token };
}

export function guardOptions(config: { transferAllowHosts: string[]; transferTimeoutMs: number; transferMaxBytes: number }): GuardOptions {
  return {
    allowHosts: config.transferAllowHosts,
    timeoutMs: config.transferTimeoutMs,
    // the whole transfer: 60 media files or so, each given its own request time, within reason
    totalTimeoutMs: Math.max(config.transferTimeoutMs * 10, 60_000),
    maxBytes: config.transferMaxBytes,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function toRemoteExam(v: unknown): RemoteExam {
  if (!isObject(v)) throw bad('an exam is not an object');
  const { _id, title, type, is_cbt, status, category, exam, question_count, play_limit, review_policy } = v;
  if (typeof _id !== 'string' || !ID_RE.test(_id)) throw bad('an exam has no valid _id');
  if (typeof title !== 'string' || !title.trim() || title.length > TITLE_MAX) throw bad('an exam has no valid title');
  if (typeof type !== 'string' || !(EXAM_TYPES as readonly string[]).includes(type)) throw bad('an exam has no valid type');
  if (typeof is_cbt !== 'boolean') throw bad('an exam has no valid is_cbt');
  // a site from before review policies sends none: the default
  if (review_policy !== undefined && !REVIEW_POLICIES.some((p) => p.value === review_policy)) throw bad('an exam has no valid review_policy');
  let cat: RemoteExam['category'] = null;
  if (isObject(category) && typeof category.title === 'string') {
    cat = { _id: typeof category._id === 'string' ? category._id : '', title: category.title.slice(0, 1000) };
  }
  return {
    _id,
    title: title.trim(),
    type: type as ExamType,
    is_cbt,
    status: status === 1 ? 1 : 0,
    category: cat,
    exam: typeof exam === 'string' ? exam.slice(0, REFERENCE_MAX) : '',
    question_count: typeof question_count === 'number' && Number.isFinite(question_count) ? question_count : 0,
    // a deployment from before play limits sends none: no limit
    play_limit: (PLAY_LIMITS as readonly unknown[]).includes(play_limit) ? (play_limit as number) : null,
    review_policy: (review_policy as ReviewPolicy | undefined) ?? DEFAULT_REVIEW_POLICY,
  };
}

/** The other site's exam list (GET {site}api/exams/admin/{userId}). */
export async function fetchRemoteExams(fetcher: GuardedFetcher, site: RemoteSite): Promise<RemoteExam[]> {
  const url = new URL(`api/exams/admin/${encodeURIComponent(site.userId)}`, site.base).href;
  const list = await fetcher.getJson(url, { maxBytes: JSON_MAX_BYTES, token: site.token });
  if (!Array.isArray(list)) throw bad('the exam list is not a list');
  return list.map(toRemoteExam);
}

/** What a field of each kind must be, as a problem says it. */
const KIND_WORDS: Record<QuestionFieldSpec['kind'], { type: 'string' | 'boolean' | 'number'; words: string }> = {
  text: { type: 'string', words: 'text' },
  enum: { type: 'string', words: 'text' },
  boolean: { type: 'boolean', words: 'true or false' },
  number: { type: 'number', words: 'a number' },
};

/** A question of the other site as fields, type-checked (its rules are checked after the media are rewritten). */
function toFields(v: unknown): QuestionFields {
  if (!isObject(v)) throw bad('a question is not an object');
  const n = v.question_number;
  const where = typeof n === 'number' ? `question ${n}` : 'a question';
  if (typeof n !== 'number' || !Number.isInteger(n)) throw bad('a question has no valid question_number');
  if (typeof v.answer !== 'string') throw bad(`${where} has no answer (the token must be an admin's)`);
  if (typeof v.type !== 'string' || typeof v.option_type !== 'string') throw bad(`${where} has no valid type`);
  const out: Record<string, unknown> = {
    type: v.type as QuestionType, question_number: n, option_type: v.option_type as OptionType, answer: v.answer,
  };
  // every other field of its kind; a deployment from before a field (the alt texts, the item type) sends none: its default
  for (const k of QUESTION_FIELD_NAMES) {
    if (k in out) continue;
    const spec: QuestionFieldSpec = QUESTION_FIELDS[k];
    const value = v[k] ?? spec.default;
    const kind = KIND_WORDS[spec.kind];
    if (typeof value !== kind.type) throw bad(`${where}: ${k} is not ${kind.words}`);
    out[k] = value;
  }
  // a deployment from before item types sends none: the number's
  out.item_type ||= defaultItemType(n);
  return out as unknown as QuestionFields;
}

/** The other site's questions of one exam, with answers (GET {site}api/questions/{examId}/{userId}). */
export async function fetchRemoteQuestions(fetcher: GuardedFetcher, site: RemoteSite, examId: string): Promise<QuestionFields[]> {
  const url = new URL(`api/questions/${encodeURIComponent(examId)}/${encodeURIComponent(site.userId)}`, site.base).href;
  const list = await fetcher.getJson(url, { maxBytes: JSON_MAX_BYTES, token: site.token });
  if (!Array.isArray(list)) throw bad('the questions are not a list');
  const fields = list.map(toFields);
  const numbers = new Set(fields.map((f) => f.question_number));
  if (numbers.size !== fields.length) throw bad('two questions have the same number');
  return fields;
}

/** The media file name (`<sha256>.<ext>`) a value of the other site points to: `/media/<name>` or `<site>/media/<name>`. */
export function remoteMediaName(value: string): string | null {
  const m = /^(?:https?:\/\/[^/?#]+)?(?:\/[^?#]*)?\/media\/([^/?#]+)$/.exec(value.trim());
  return m && MEDIA_NAME_RE.test(m[1]!) ? m[1]! : null;
}

interface Downloaded { hash: string; data: Buffer; mime: string; ext: string; kind: MediaKind }

/** Downloads one media file of the other site and checks it like an upload, and against the hash in its name. */
async function downloadMedia(fetcher: GuardedFetcher, site: RemoteSite, name: string, kind: MediaKind): Promise<Downloaded> {
  const hash = MEDIA_NAME_RE.exec(name)![1]!;
  const res = await fetcher.get(new URL(`media/${name}`, site.base).href, { maxBytes: MEDIA_MAX_BYTES });
  if (createHash('sha256').update(res.body).digest('hex') !== hash) throw bad(`the media file ${name} does not match its name`);
  const sniffed = sniffMedia(res.body);
  if (!sniffed || sniffed.kind !== kind) throw bad(`the media file ${name} is not ${kind === 'image' ? 'an image' : 'audio'}`);
  if (res.body.length > MAX_BYTES[kind]) throw bad(`the media file ${name} is too large`);
  return { hash, data: res.body, mime: sniffed.mime, ext: sniffed.ext, kind };
}

async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...await Promise.all(items.slice(i, i + size).map(fn)));
  return out;
}

/**
 * Copies exam `examId` of the other site into this deployment, owned by `me`, hidden (status 0), with its category
 * matched by title here (none when no category of that title exists). Returns the new exam's id.
 */
export async function transferExam(db: Db, me: AuthUser, fetcher: GuardedFetcher, site: RemoteSite, examId: string): Promise<string> {
  if (!ID_RE.test(examId)) throw new TransferError('the exam id is not valid');
  const exam = (await fetchRemoteExams(fetcher, site)).find((e) => e._id === examId);
  if (!exam) throw new TransferError('the exam was not found on the other site');
  const source = await fetchRemoteQuestions(fetcher, site, exam._id);

  // Every media reference, each checked for the kind its place needs.
  const wanted = new Map<string, MediaKind>();
  for (const q of source) {
    mapQuestionMedia(q, (value, kind) => {
      const name = remoteMediaName(value);
      if (!name) throw bad(`question ${q.question_number}: a media reference is not a media file of the other site`);
      if (wanted.has(name) && wanted.get(name) !== kind) throw bad(`the media file ${name} is used as image and as audio`);
      wanted.set(name, kind);
      return `/media/${name}`;
    });
    // The authoring rules, as if its media were here already: a broken exam is refused before any download.
    const { error } = checkQuestion(mapQuestionMedia(q, (value) => `/media/${remoteMediaName(value)!}`));
    if (error) throw bad(`question ${q.question_number}: ${error}`);
  }
  const files = await inBatches([...wanted], PARALLEL_DOWNLOADS, ([name, kind]) => downloadMedia(fetcher, site, name, kind));

  return db.transaction(async (tx) => {
    const urls = new Map<string, string>();
    for (const [i, name] of [...wanted.keys()].entries()) {
      const f = files[i]!;
      urls.set(name, await storeMedia(tx, f.data, f.mime, f.ext, me.id));
    }
    // Stored URLs keep the kind checked above: a file's stored extension comes from its sniffed content.
    const copies = source.map((q) => mapQuestionMedia(q, (value) => urls.get(remoteMediaName(value)!)!));
    let categoryId: string | null = null;
    if (exam.category) {
      const [cat] = await tx.select({ id: categories.id }).from(categories)
        .where(sql`lower(${categories.title}) = lower(${exam.category.title})`).limit(1);
      categoryId = cat?.id ?? null;
    }
    const id = newId();
    await tx.insert(exams).values({
      id, title: exam.title, type: exam.type, isCbt: exam.is_cbt, status: 0, categoryId, refExam: exam.exam,
      playLimit: exam.play_limit, reviewPolicy: exam.review_policy, userId: me.id,
    });
    if (copies.length) await tx.insert(questions).values(copies.map((q) => ({ id: newId(), examId: id, ...fieldsToRow(q) })));
    return id;
  });
}
