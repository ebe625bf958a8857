/**
 * Questions: the shared rules (shared-api/schemas/question) run on stored and received questions, the mapping to the
 * database's columns (../db/question-row.ts), the media a question references, numbering per type and publish readiness.
 */
import { inArray } from 'drizzle-orm';
import { LISTENING_RANGE, QUESTIONS_PER_TYPE, READING_RANGE } from 'shared-api/constants';
import { AUTHORING_MSG } from 'shared-api/authoring-messages';
import { parseMediaUrl, type MediaKind } from 'shared-api/media-url';
import { OPTION_KEYS, parseListeningAndText, questionSchema } from 'shared-api/schemas/question';
import type { OptionListeningColumn } from 'shared-api/exam-package';
import type { MediaFieldName } from 'shared-api/question-fields';
import type { QuestionFields, QuestionType } from 'shared-api/types';
import type { Executor } from '../db/index.ts';
import { media, type Question as QuestionRow } from '../db/schema.ts';
import { fieldsToRow, rowToFields } from '../db/question-row.ts';
import { HttpError } from '../errors.ts';
import { checkSync } from '../validate.ts';

export { fieldsToRow, OPTION_KEYS, parseListeningAndText, questionSchema, rowToFields, type QuestionFields };

/** Messages of what only the server knows (the exam's other questions). */
export const QMSG = {
  switchMode: 'Switch to Reading or Listening Mode',
  numberUsed: 'Question number already used',
  unpublishFirst: AUTHORING_MSG.unpublishFirst,
} as const;

export const isQuestionType = (v: unknown): v is QuestionType => v === 'Reading' || v === 'Listening';

/** The fields of a question that say where its media are (a student's question, without answers, has them all). */
export type MediaFields = Pick<QuestionFields, MediaFieldName | 'main_heading_image' | 'description_image' | 'option_type'>;

/** Where a question keeps a media file: its field, or `optionN_listening` for a listening-and-text option's audio. */
export type MediaField = MediaFieldName | OptionListeningColumn;

/**
 * Calls `map(value, kind, field)` on every media reference of a question — main heading and description shown as
 * images, image and listening options, the audio of listening-and-text options, the question's audio — and returns
 * the question with each reference replaced by what `map` returned. A listening-and-text option that cannot be read
 * is left as it is (the rules refuse it).
 */
export function mapQuestionMedia<Q extends MediaFields>(q: Q, map: (value: string, kind: MediaKind, field: MediaField) => string): Q {
  const out = { ...q };
  if (q.main_heading_image) out.main_heading = map(q.main_heading, 'image', 'main_heading');
  if (q.description_image) out.description = map(q.description, 'image', 'description');
  for (const key of OPTION_KEYS) {
    if (q.option_type === 'image' || q.option_type === 'listening') {
      out[key] = map(q[key], q.option_type === 'image' ? 'image' : 'audio', key);
    } else if (q.option_type === 'listeningandtext') {
      const both = parseListeningAndText(q[key]);
      if (both) out[key] = JSON.stringify({ text: both.text, listening: map(both.listening, 'audio', `${key}_listening`) });
    }
  }
  if (q.listening.trim()) out.listening = map(q.listening, 'audio', 'listening');
  return out;
}

/** The hashes of the media files a valid question references (they must be in the media store). */
export function mediaHashes(q: MediaFields): string[] {
  const hashes = new Set<string>();
  mapQuestionMedia(q, (value) => {
    const ref = parseMediaUrl(value.trim());
    if (ref) hashes.add(ref.hash);
    return value;
  });
  return [...hashes];
}

export interface CheckedQuestion {
  /** the first rule broken, in the checker's words; null when valid */
  error: string | null;
  /** hashes of the media referenced (must exist in the media store) */
  mediaHashes: string[];
}

/** The shared rules on a question that is already whole (a stored row, a transferred question). */
export function checkQuestion(q: QuestionFields): CheckedQuestion {
  try {
    return { error: null, mediaHashes: mediaHashes(checkSync(questionSchema, q)) };
  } catch (err) {
    if (err instanceof HttpError) return { error: err.message, mediaHashes: [] };
    throw err;
  }
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
