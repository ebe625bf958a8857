/** Pieces of the route folders' request schemas and types. */
import { TOTAL_QUESTIONS } from 'shared-api/constants';
import { ID_PATTERN } from '../ids.ts';
import { pageQueryProps, type PageQuery } from '../paging.ts';

/** the acting user's id that ends most paths */
export type P = { userId: string };
/** the path's ids before it */
export type Id<T extends string> = { Params: P & Record<T, string> };

/** A paged list (../paging.ts): ?page, ?limit, ?search; the total in X-Total-Count. */
export type Paged<Q = object> = { Params: P; Querystring: PageQuery & Q };
export const pagedQuery = (extra: Record<string, unknown> = {}) => ({ querystring: { type: 'object', properties: { ...pageQueryProps, ...extra } } });

/** An object body with these properties. */
export const body = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

/** An id in a path or a body: a malformed one is this request's 400, before any batch. */
export const id = { type: 'string', pattern: ID_PATTERN } as const;
/** A params schema: each named path id must be an id. */
export const ids = (...names: string[]) => ({
  type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, id])),
}) as const;

/** A student's answers (autosave, submit): at most one per question. */
export const answersSchema = {
  type: 'array',
  maxItems: TOTAL_QUESTIONS,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['question', 'answer'],
    properties: { question: id, answer: { type: 'string', enum: ['0', '1', '2', '3', '4'] } },
  },
} as const;
