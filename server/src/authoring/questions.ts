/** Question rules: field checks with the spec's messages, media references, numbering per type, publish readiness. */
import { inArray } from 'drizzle-orm';
import { LISTENING_RANGE, QUESTIONS_PER_TYPE, READING_RANGE } from 'shared-api/constants';
import { AUTHORING_MSG } from 'shared-api/authoring-messages';
import type { OptionType, QuestionType, QuestionFields } from 'shared-api/types';
import type { Executor } from '../db/index.ts';
import { media, type Question as QuestionRow } from '../db/schema.ts';
import { MEDIA_NAME_RE } from '../media.ts';
import { AUDIO_EXTS, IMAGE_EXTS, type MediaKind } from './uploads.ts';

export const QUESTION_TYPES: readonly QuestionType[] = ['Reading', 'Listening'];
export const OPTION_TYPES: readonly OptionType[] = ['text', 'image', 'listening', 'listeningandtext', 'samelistening'];
export const RANGE: Record<QuestionType, readonly [number, number]> = { Reading: READING_RANGE, Listening: LISTENING_RANGE };

export const QMSG = {
  bothListeningAndText: 'Must have both listening  and text',
  switchMode: 'Switch to Reading or Listening Mode',
  numberUsed: 'Question number already used',
  unpublishFirst: AUTHORING_MSG.unpublishFirst,
} as const;

export const LIMITS = {
  main_heading: 2000, heading: 2000, description: 5000, option: 2000, listening: 300, answer_details: 5000,
} as const;

/** The question fields as the API speaks them (snake_case), already type-checked by the route's JSON schema. */
export type { QuestionFields };

export const OPTION_KEYS = ['option1', 'option2', 'option3', 'option4'] as const;

export function rowToFields(r: QuestionRow): QuestionFields {
  return {
    type: r.type as QuestionType,
    question_number: r.questionNumber,
    main_heading: r.mainHeading,
    main_heading_image: r.mainHeadingImage,
    heading: r.heading,
    description: r.description,
    description_image: r.descriptionImage,
    description_boxed: r.descriptionBoxed,
    option_type: r.optionType as OptionType,
    option1: r.option1,
    option2: r.option2,
    option3: r.option3,
    option4: r.option4,
    listening: r.listening,
    answer: r.answer,
    answer_details: r.answerDetails,
  };
}

export function fieldsToRow(f: QuestionFields) {
  return {
    type: f.type,
    questionNumber: f.question_number,
    mainHeading: f.main_heading,
    mainHeadingImage: f.main_heading_image,
    heading: f.heading,
    description: f.description,
    descriptionImage: f.description_image,
    descriptionBoxed: f.description_boxed,
    optionType: f.option_type,
    option1: f.option1,
    option2: f.option2,
    option3: f.option3,
    option4: f.option4,
    listening: f.listening,
    answer: f.answer,
    answerDetails: f.answer_details,
  };
}

/** Defaults for a new question: fields the body leaves out. */
export const EMPTY_FIELDS: Omit<QuestionFields, 'type' | 'question_number' | 'answer' | 'option_type'> & { option_type: OptionType } = {
  main_heading: '', main_heading_image: false, heading: '', description: '', description_image: false,
  description_boxed: false, option_type: 'text', option1: '', option2: '', option3: '', option4: '', listening: '',
  answer_details: '',
};

/** A media reference of this server, `/media/<sha256>.<ext>`, with the kind its extension implies. */
export function parseMediaUrl(url: string): { hash: string; kind: MediaKind } | null {
  const m = /^\/media\/([^/]+)$/.exec(url);
  if (!m) return null;
  const name = MEDIA_NAME_RE.exec(m[1]!);
  if (!name) return null;
  const ext = name[2]!;
  const kind: MediaKind | null = IMAGE_EXTS.has(ext) ? 'image' : AUDIO_EXTS.has(ext) ? 'audio' : null;
  return kind ? { hash: name[1]!, kind } : null;
}

const optionLabel = (i: number) => `Option ${i + 1}`;
const mediaMsg = (label: string, kind: MediaKind) => `${label} must be an uploaded ${kind === 'image' ? 'image' : 'audio file'}`;

export interface CheckedQuestion {
  /** the first rule broken, in the checker's words; null when valid */
  error: string | null;
  /** hashes of the media referenced (must exist in the media store) */
  mediaHashes: string[];
}

/** Parses a listening-and-text option: a JSON string {"text": "...", "listening": "/media/..."}. */
export function parseListeningAndText(value: string): { text: string; listening: string } | null {
  try {
    const v = JSON.parse(value) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    const { text, listening } = v as Record<string, unknown>;
    if (typeof text !== 'string' || typeof listening !== 'string') return null;
    return { text, listening };
  } catch {
    return null;
  }
}

/** Every rule of a single question that needs no database (spec section 5 and the server rules). */
export function checkQuestion(q: QuestionFields): CheckedQuestion {
  const hashes: string[] = [];
  const fail = (error: string): CheckedQuestion => ({ error, mediaHashes: [] });
  const needMedia = (value: string, label: string, kind: MediaKind): string | null => {
    const ref = parseMediaUrl(value);
    if (!ref || ref.kind !== kind) return mediaMsg(label, kind);
    hashes.push(ref.hash);
    return null;
  };
  const tooLong = (value: string, label: string, max: number) =>
    value.length > max ? `${label} should be less than ${max} characters.` : null;

  if (!QUESTION_TYPES.includes(q.type)) return fail('Type must be Reading or Listening');
  if (!Number.isInteger(q.question_number)) return fail('Question Number cannot be empty.');
  const [lo, hi] = RANGE[q.type];
  if (q.question_number < lo || q.question_number > hi) return fail(`${q.type} question numbers are ${lo}-${hi}`);
  if (!OPTION_TYPES.includes(q.option_type)) return fail(`Option Type must be one of ${OPTION_TYPES.join(', ')}`);

  const lengthError = tooLong(q.main_heading, 'Main Heading', LIMITS.main_heading)
    ?? tooLong(q.heading, 'Heading', LIMITS.heading)
    ?? tooLong(q.description, 'Description', LIMITS.description)
    ?? tooLong(q.listening, 'Listening', LIMITS.listening)
    ?? tooLong(q.answer_details, 'Answer Details', LIMITS.answer_details)
    ?? OPTION_KEYS.map((k, i) => tooLong(q[k], optionLabel(i), LIMITS.option)).find((e) => e) ?? null;
  if (lengthError) return fail(lengthError);

  if (q.main_heading_image) {
    const e = needMedia(q.main_heading, 'Main Heading', 'image');
    if (e) return fail(e);
  }
  if (q.description_image) {
    const e = needMedia(q.description, 'Description', 'image');
    if (e) return fail(e);
  }

  for (const [i, key] of OPTION_KEYS.entries()) {
    const value = q[key].trim();
    const label = optionLabel(i);
    if (!value) return fail(`${label} cannot be empty.`);
    if (q.option_type === 'image' || q.option_type === 'listening') {
      const e = needMedia(value, label, q.option_type === 'image' ? 'image' : 'audio');
      if (e) return fail(e);
    } else if (q.option_type === 'listeningandtext') {
      const both = parseListeningAndText(value);
      if (!both || !both.text.trim() || !both.listening.trim()) return fail(QMSG.bothListeningAndText);
      const e = needMedia(both.listening.trim(), label, 'audio');
      if (e) return fail(e);
    }
  }

  if (q.type === 'Listening' && !q.listening.trim()) return fail('Listening cannot be empty.');
  if (q.listening.trim()) {
    const e = needMedia(q.listening.trim(), 'Listening', 'audio');
    if (e) return fail(e);
  }
  if (!q.answer) return fail('Answer cannot be empty.');
  if (!['1', '2', '3', '4'].includes(q.answer)) return fail(' Invalid Answer.');
  return { error: null, mediaHashes: [...new Set(hashes)] };
}

/** The hashes among `hashes` that are not in the media store. */
export async function missingMedia(db: Executor, hashes: string[]): Promise<string[]> {
  if (hashes.length === 0) return [];
  const rows = await db.select({ hash: media.hash }).from(media).where(inArray(media.hash, hashes));
  const found = new Set(rows.map((r) => r.hash));
  return hashes.filter((h) => !found.has(h));
}

/**
 * Why an exam with these questions cannot be published, or null when it can: exactly 20 valid Reading questions
 * numbered 1-20 and 20 valid Listening questions numbered 21-40.
 */
export function publishProblem(rows: QuestionRow[]): string | null {
  const reading = rows.filter((r) => r.type === 'Reading').length;
  const listening = rows.filter((r) => r.type === 'Listening').length;
  if (reading !== QUESTIONS_PER_TYPE || listening !== QUESTIONS_PER_TYPE) {
    const used = new Set(rows.map((r) => r.questionNumber));
    const missing: number[] = [];
    for (let n = READING_RANGE[0]; n <= LISTENING_RANGE[1]; n++) if (!used.has(n)) missing.push(n);
    return `Not Ready To Publish: ${reading} Reading and ${listening} Listening questions; exactly ${QUESTIONS_PER_TYPE} of each are needed`
      + (missing.length ? `. Missing question numbers: ${missing.join(', ')}` : '');
  }
  for (const r of [...rows].sort((a, b) => a.questionNumber - b.questionNumber)) {
    const { error } = checkQuestion(rowToFields(r));
    if (error) return `Not Ready To Publish: question ${r.questionNumber}: ${error}`;
  }
  return null;
}
