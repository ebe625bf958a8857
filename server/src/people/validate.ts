/** Runs a shared yup schema (shared-api) on a request body: the rule and its message live once, for the form and here. */
import { HttpError } from '../errors.ts';

interface YupIssue { path?: string; message: string; inner?: YupIssue[] }
interface YupLike<T> {
  fields?: Record<string, unknown>;
  validate(value: unknown, options: { abortEarly: boolean; stripUnknown: boolean }): Promise<T>;
}

/**
 * Validates `value` and returns the cast value, or throws 400 with the message of the first failing field
 * in the schema's field order (yup alone reports them in dependency order).
 */
export async function check<T>(schema: YupLike<T>, value: unknown): Promise<T> {
  try {
    return await schema.validate(value ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    const e = err as YupIssue;
    if (typeof e?.message !== 'string') throw err;
    const issues = e.inner?.length ? e.inner : [e];
    const order = Object.keys(schema.fields ?? {});
    const rank = (i: YupIssue) => {
      const head = (i.path ?? '').split(/[.[]/)[0] ?? '';
      const n = order.indexOf(head);
      return n < 0 ? order.length : n;
    };
    const first = [...issues].sort((a, b) => rank(a) - rank(b))[0] ?? e;
    throw new HttpError(400, first.message);
  }
}

/** A string property of a Fastify JSON schema. */
export const str = (maxLength = 200) => ({ type: 'string', maxLength }) as const;
export const nullableStr = (maxLength = 200) => ({ type: ['string', 'null'], maxLength }) as const;
export const idProp = { type: 'string', maxLength: 64 } as const;
export const status01 = { type: 'integer', enum: [0, 1] } as const;
