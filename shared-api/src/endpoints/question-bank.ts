/** The question bank (docs/question-bank.md): one page of the bank's items, and "Add from bank". */
import { api, pageParams, toPage } from 'shared-api';
import type { DifficultyBand } from '../question-bank';
import type { BankItem, PageArgs, PageOf, Question, QuestionType } from '../types';

export interface BankFilters {
  section?: QuestionType;
  /** an item type's value (../item-types.ts) */
  type?: string;
  difficulty?: DifficultyBand;
  /** YYYY-MM-DD */
  notUsedSince?: string;
  /** an admin's choice of one institute */
  institute?: string;
}

export const questionBankApi = api.injectEndpoints({
  endpoints: (b) => ({
    getQuestionBank: b.query<PageOf<BankItem>, { userId: string } & PageArgs & BankFilters>({
      query: ({ userId, page, limit, search, ...filters }) => ({
        url: `questions/bank/${userId}`,
        params: { ...pageParams({ page, limit, search }), ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) },
      }),
      transformResponse: (rows: BankItem[], meta) => toPage(rows, meta),
      providesTags: [{ type: 'Question', id: 'BANK' }, { type: 'Result', id: 'LIST' }],
    }),
    copyFromBank: b.mutation<Question, { userId: string; examId: string; itemId: string; questionNumber: number }>({
      query: ({ userId, ...body }) => ({ url: `questions/bank/copy/${userId}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, a) => [{ type: 'Question', id: a.examId }, { type: 'Question', id: 'BANK' }, { type: 'Exam', id: a.examId }, { type: 'Exam', id: 'LIST' }],
    }),
  }),
});

export const { useGetQuestionBankQuery, useCopyFromBankMutation } = questionBankApi;
