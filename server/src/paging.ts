/**
 * Paging of the back office's lists that grow with the data (results, users, institutes, reports): `?page` (1-based,
 * default 1), `?limit` (1..100, default 50), `?search` (case-insensitive substring of the list's search field, in SQL).
 * The body keeps its shape (one page of rows); the number of matching rows is in the X-Total-Count header.
 */
import type { FastifyReply } from 'fastify';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, SEARCH_MAX, TOTAL_COUNT_HEADER } from 'shared-api/constants';

export { TOTAL_COUNT_HEADER };
/** keeps offsets far inside what both databases and a JS number hold */
export const PAGE_MAX = 1_000_000;

/** Querystring properties of a paged list (validated by Fastify: a bad value is a 400 `{ error }`). */
export const pageQueryProps = {
  page: { type: 'integer', minimum: 1, maximum: PAGE_MAX, default: 1, description: '1-based page number' },
  limit: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX, default: PAGE_LIMIT_DEFAULT, description: 'rows per page' },
  search: { type: 'string', maxLength: SEARCH_MAX, description: "case-insensitive substring of the list's search field" },
} as const;

export interface PageQuery {
  page?: number;
  limit?: number;
  search?: string;
}

export interface PageRequest {
  limit: number;
  offset: number;
  /** trimmed; undefined when empty */
  search: string | undefined;
}

export function pageRequest(q: PageQuery): PageRequest {
  const limit = q.limit ?? PAGE_LIMIT_DEFAULT;
  const search = q.search?.trim();
  return { limit, offset: ((q.page ?? 1) - 1) * limit, search: search ? search : undefined };
}

/** `column` contains `search`, ignoring case (no pattern characters: a search for "a_b%" finds exactly that). */
export function containsText(column: AnyColumn | SQL, search: string): SQL {
  return sql`strpos(lower(${column}), lower(${search})) > 0`;
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

/**
 * One page and the number of matching rows. The count is asked only when the page cannot tell it (a full page, or an
 * empty page past the first): a short page already says where the list ends.
 */
export async function pageOf<T>(page: PageRequest, rows: () => Promise<T[]>, count: () => Promise<number>): Promise<Paged<T>> {
  const list = await rows();
  const known = list.length < page.limit && (list.length > 0 || page.offset === 0);
  return { rows: list, total: known ? page.offset + list.length : await count() };
}

/** Sends one page: the rows as the body, the total in X-Total-Count. */
export function sendPage<T>(reply: FastifyReply, page: Paged<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.rows;
}
