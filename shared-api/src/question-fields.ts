/**
 * The fields of a question (everything but its ids), once, in the order a question is served: each field's kind, its
 * default (the value of a field left out; none for the fields every question gives), whether it may hold a media
 * reference, who may read it, and whether the exam package has a column of it. What lists the fields derives from
 * this: the types (./types.ts QuestionFields, Question), the package's columns (./exam-package.ts), the server's
 * serializer, copies and table (server/src/db/question-row.ts; server/src/db/schema.ts checks its columns against it)
 * and the question form's values; the rules of each field are ./schemas/question.ts (typed against it).
 */

export const QUESTION_TYPES = ['Reading', 'Listening'] as const;
export const OPTION_TYPES = ['text', 'image', 'listening', 'listeningandtext', 'samelistening'] as const;
/** The four options' fields. */
export const OPTION_KEYS = ['option1', 'option2', 'option3', 'option4'] as const;

/**
 * Who may read a field: `exam` a student too, while the exam runs; `result` the answer key: a student only in a result
 * whose review policy shows the answers, never during an exam (the running exam's query does not even select it);
 * `staff` the back office only.
 */
export type FieldAudience = 'exam' | 'result' | 'staff';

export interface QuestionFieldSpec {
  kind: 'text' | 'boolean' | 'number' | 'enum';
  /** an enum's values */
  values?: readonly string[];
  default?: string | number | boolean;
  /** may hold a media reference (an uploaded image or audio file's URL): which one, the question's switches say */
  media?: true;
  audience: FieldAudience;
  /** the Questions sheet of an exam package has a column of it */
  column: boolean;
}

const text = { kind: 'text', default: '', audience: 'exam', column: true } as const;
const media = { ...text, media: true } as const;
const yesNo = { kind: 'boolean', default: false, audience: 'exam', column: true } as const;

export const QUESTION_FIELDS = {
  type: { kind: 'enum', values: QUESTION_TYPES, audience: 'exam', column: true },
  question_number: { kind: 'number', audience: 'exam', column: true },
  main_heading: media,
  main_heading_image: yesNo,
  heading: text,
  description: media,
  description_image: yesNo,
  description_boxed: yesNo,
  option_type: { kind: 'enum', values: OPTION_TYPES, default: 'text', audience: 'exam', column: true },
  /** the kind of task (./item-types.ts ITEM_TYPES); its number's type in the EPS-TOPIK blueprint unless the author chose another */
  item_type: { ...text, audience: 'staff' },
  /** for listeningandtext: a JSON string {"text": "...", "listening": "/media/..."} */
  option1: media,
  option2: media,
  option3: media,
  option4: media,
  listening: media,
  /** '1'..'4' */
  answer: { kind: 'text', audience: 'result', column: true },
  answer_details: { ...text, audience: 'result' },
  /**
   * The alternative text of each image (the main heading's and the description's when they are images, the options'
   * when option_type is image), as the author gave it; '' for none (the screens then say which image it is).
   */
  main_heading_alt: text,
  description_alt: text,
  option1_alt: text,
  option2_alt: text,
  option3_alt: text,
  option4_alt: text,
} as const satisfies Record<string, QuestionFieldSpec>;

type Specs = typeof QUESTION_FIELDS;
export type QuestionFieldName = keyof Specs;
type ValueOf<S> = S extends { kind: 'enum'; values: readonly (infer V)[] } ? V
  : S extends { kind: 'boolean' } ? boolean : S extends { kind: 'number' } ? number : string;
/** The fields' values (./types.ts QuestionFields). */
export type QuestionFieldValues = { -readonly [K in QuestionFieldName]: ValueOf<Specs[K]> };
/** The fields `audience` may read. */
export type FieldsFor<A extends FieldAudience> = { [K in QuestionFieldName]: Specs[K]['audience'] extends A ? K : never }[QuestionFieldName];
/** The fields with a default. */
export type DefaultedField = { [K in QuestionFieldName]: Specs[K] extends { default: unknown } ? K : never }[QuestionFieldName];
/** The fields that may hold a media reference. */
export type MediaFieldName = { [K in QuestionFieldName]: Specs[K] extends { media: true } ? K : never }[QuestionFieldName];

/** Every field's name, in order. */
export const QUESTION_FIELD_NAMES = Object.keys(QUESTION_FIELDS) as QuestionFieldName[];

/** The fields `audience` may read, in order. */
export const fieldsFor = <A extends FieldAudience>(audience: A) =>
  QUESTION_FIELD_NAMES.filter((k) => QUESTION_FIELDS[k].audience === audience) as FieldsFor<A>[];

/** The value of each field a question may leave out. */
export const QUESTION_DEFAULTS = Object.fromEntries(QUESTION_FIELD_NAMES.flatMap((k) => {
  const spec: QuestionFieldSpec = QUESTION_FIELDS[k];
  return spec.default === undefined ? [] : [[k, spec.default]];
})) as Pick<QuestionFieldValues, DefaultedField>;

/** The question's fields of `o` (its other keys left out; a field it does not hold stays absent). */
export function pickQuestionFields<T extends Partial<Record<QuestionFieldName, unknown>>>(o: T): Pick<T, QuestionFieldName & keyof T> {
  const out: Partial<Record<QuestionFieldName, unknown>> = {};
  for (const k of QUESTION_FIELD_NAMES) if (o[k] !== undefined) out[k] = o[k];
  return out as Pick<T, QuestionFieldName & keyof T>;
}
