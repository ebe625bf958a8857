/**
 * shared-api/progress: the student's progress, where each of their results ranks (server/src/attempts/ranks.ts), for
 * the Results page and the result sheet, and a student's score per item type (server/src/attempts/item-types.ts), for
 * the Results page and the back office's user detail. It imports the slice as 'shared-api' (the shared singleton), so the
 * endpoint lands in the store's one slice when this entry is first loaded.
 */
import { api, i18n, localDigits } from 'shared-api';
import type { ItemTypeBreakdown, ResultRank } from '../types';

export const progressApi = api.injectEndpoints({
  endpoints: (b) => ({
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

export const { useGetMyResultRanksQuery, useGetItemTypesOfStudentQuery } = progressApi;

/** "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", ... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** "12th of 85"; in Nepali "८५ मध्ये १२औँ" (its translation uses `rank` and `total`, in its digits). */
export const formatRank = (r: Pick<ResultRank, 'rank' | 'of'>): string =>
  i18n._('{ordinal} of {total}', { ordinal: ordinal(r.rank), rank: localDigits(r.rank), total: localDigits(r.of) });
