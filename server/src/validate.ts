/**
 * Runs a shared yup schema (shared-api/schemas/...) on a request body: the rule and its message live once, for the
 * form and here. A broken rule is a 400 with the message of the first failing field in the schema's field order
 * (yup alone reports them in dependency order).
 */
import { HttpError } from './errors.ts';

interface YupIssue { path?: string; message: string; inner?: YupIssue[] }
interface Options { abortEarly: boolean; stripUnknown: boolean }
export interface YupLike<T> {
  fields?: Record<string, unknown>;
  validate(value: unknown, options: Options): Promise<T>;
  validateSync(value: unknown, options: Options): T;
}

const OPTIONS: Options = { abortEarly: false, stripUnknown: true };

function firstIssue(schema: { fields?: Record<string, unknown> }, err: unknown): HttpError {
  const e = err as YupIssue;
  if (typeof e?.message !== 'string' || (err as Error).name !== 'ValidationError') throw err;
  const issues = e.inner?.length ? e.inner : [e];
  const order = Object.keys(schema.fields ?? {});
  const rank = (i: YupIssue) => {
    const head = (i.path ?? '').split(/[.[]/)[0] ?? '';
    const n = order.indexOf(head);
    return n < 0 ? order.length : n;
  };
  return new HttpError(400, ([...issues].sort((a, b) => rank(a) - rank(b))[0] ?? e).message);
}

/** The cast value (unknown keys dropped, defaults filled), or a 400 HttpError with the first broken rule's message. */
export async function check<T>(schema: YupLike<T>, value: unknown): Promise<T> {
  try {
    return await schema.validate(value ?? {}, OPTIONS);
  } catch (err) {
    throw firstIssue(schema, err);
  }
}

/** `check` for schemas with no asynchronous rule (all of shared-api's), where a caller cannot wait. */
export function checkSync<T>(schema: YupLike<T>, value: unknown): T {
  try {
    return schema.validateSync(value ?? {}, OPTIONS);
  } catch (err) {
    throw firstIssue(schema, err);
  }
}

/**
 * The JSON schema of a request body whose fields and rules are a yup object schema: each field's JSON type, so
 * Fastify refuses a wrong type (and the API docs list the fields); `maxLength` bounds any text before yup reads it.
 */
export function bodyOf(schema: { fields: Record<string, unknown> }, maxLength = 10_000) {
  const json: Record<string, object> = {
    string: { type: 'string', maxLength }, number: { type: 'integer' }, boolean: { type: 'boolean' }, mixed: { type: 'string', maxLength },
  };
  const properties = Object.fromEntries(Object.entries(schema.fields).map(([k, f]) => [k, json[(f as { type: string }).type] ?? {}]));
  return { type: 'object', properties } as const;
}
