/**
 * A question's fields (shared-api/question-fields) and the questions table's columns (./schema.ts, which fails to
 * compile when they differ): each field's column is its name in camelCase.
 */
import { fieldsFor, QUESTION_FIELD_NAMES, type FieldAudience, type FieldsFor, type QuestionFieldName } from 'shared-api/question-fields';
import type { QuestionFields } from 'shared-api/types';
import { questions, type FieldColumn, type Question as QuestionRow } from './schema.ts';

/** The columns of a question's fields. */
export type FieldColumns = Pick<QuestionRow, FieldColumn<QuestionFieldName>>;

export const columnOf = <K extends QuestionFieldName>(field: K) =>
  field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as FieldColumn<K>;

/** The column values of a question. */
export function fieldsToRow(f: QuestionFields): FieldColumns {
  return Object.fromEntries(QUESTION_FIELD_NAMES.map((k) => [columnOf(k), f[k]])) as FieldColumns;
}

/** A question's fields, from its row. */
export function rowToFields(r: FieldColumns): QuestionFields {
  return valuesOf(r, QUESTION_FIELD_NAMES) as QuestionFields;
}

/** The values of `fields` in `row` by the fields' names, in their order; a column not selected is left out. */
export function valuesOf<K extends QuestionFieldName>(row: Partial<FieldColumns>, fields: readonly K[]): Partial<Pick<QuestionFields, K>> {
  const out: Partial<Record<QuestionFieldName, unknown>> = {};
  for (const k of fields) {
    const value = row[columnOf(k)];
    if (value !== undefined) out[k] = value;
  }
  return out as Partial<Pick<QuestionFields, K>>;
}

/** The columns to select for `audience`: the question's and its exam's ids and the fields it may read. */
export function columnsFor<A extends FieldAudience>(audience: A): Pick<typeof questions, 'id' | 'examId' | FieldColumn<FieldsFor<A>>> {
  return Object.fromEntries([
    ['id', questions.id], ['examId', questions.examId], ...fieldsFor(audience).map((k) => [columnOf(k), questions[columnOf(k)]]),
  ]) as Pick<typeof questions, 'id' | 'examId' | FieldColumn<FieldsFor<A>>>;
}
