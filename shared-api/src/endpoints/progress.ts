/**
 * shared-api/progress: what is read of results after the exam: the student's results and one result with its questions
 * (the Results page, the result page and sheet, the back office's result detail), where each of them ranks
 * (server/src/attempts/ranks.ts), for the Results page and the result sheet, and a student's score per item type
 * (server/src/attempts/item-types.ts), for the Results page and the back office's user detail. Not among the exam
 * page's files (shared-api/student-exam, whose submit invalidates these by their 'Result' tags). It imports the slice
 * as 'shared-api' (the shared singleton), so the endpoints land in the store's one slice when this entry is first loaded.
 */
import { api, i18n, localDigits } from 'shared-api';
import type { ItemTypeBreakdown, Result, ResultDetail, ResultRank } from '../types';

export const progressApi = api.injectEndpoints({
  endpoints: (b) => ({
    getMyResults: b.query<{ startDate: string; endDate: string; results: Result[] }, { userId: string; startDate?: string; endDate?: string }>({
      query: ({ userId, startDate, endDate }) => ({ url: `results/user/${userId}`, params: { startDate, endDate } }),
      providesTags: [{ type: 'Result', id: 'LIST' }],
    }),
    /** A result with its questions (answers revealed); for the student owner, its institute or an admin. */
    getResult: b.query<ResultDetail, { resultId: string; userId: string }>({
      query: ({ resultId, userId }) => `results/${resultId}/${userId}`,
      providesTags: (_r, _e, a) => [{ type: 'Result', id: a.resultId }],
    }),
    /** The spec's link of a result to its attempt; the exam page does not call it (the submit links them on the server). */
    updateReport: b.mutation<{ _id: string; result: string }, { reportId: string; userId: string; result: string }>({
      query: ({ reportId, userId, result }) => ({ url: `reports/update/${reportId}/${userId}`, method: 'PUT', body: { result } }),
    }),
    getMyResultRanks: b.query<{ ranks: ResultRank[] }, { userId: string }>({
      query: ({ userId }) => `results/ranks/${userId}`,
      // a new result of anyone's changes ranks: the student's own submit invalidates 'Result' (student-exam.ts)
      providesTags: [{ type: 'Result', id: 'RANKS' }],
    }),
    /** The score per item type across the student `id`'s results, weakest first (the student itself, its institute, an admin). */
    getItemTypesOfStudent: b.query<ItemTypeBreakdown, { id: string; userId: string }>({
      query: ({ id, userId }) => `results/item-types/user/${id}/${userId}`,
      // a new result changes it: the student's submit invalidates 'Result' (student-exam.ts)
      providesTags: [{ type: 'Result', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetMyResultsQuery, useGetResultQuery, useUpdateReportMutation, useGetMyResultRanksQuery, useGetItemTypesOfStudentQuery,
} = progressApi;

/** "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", ... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** "12th of 85"; in Nepali "८५ मध्ये १२औँ" (its translation uses `rank` and `total`, in its digits). */
export const formatRank = (r: Pick<ResultRank, 'rank' | 'of'>): string =>
  i18n._('{ordinal} of {total}', { ordinal: ordinal(r.rank), rank: localDigits(r.rank), total: localDigits(r.of) });
