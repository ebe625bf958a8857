/** The question bank (docs/question-bank.md): one page of the bank's items, "Add from bank", blueprints and "New exam from bank". */
import { api, pageParams, toPage } from 'shared-api';
import type { DifficultyBand } from '../question-bank';
import type { BankItem, Exam, PageArgs, PageOf, Question, QuestionType } from '../types';

export interface Blueprint {
  _id: string;
  name: string;
  /** 40 item type values, index 0 for number 1 */
  slots: string[];
  builtIn: boolean;
}

/** What the blueprint form sends (shared-api/src/schemas/blueprint.ts checks it here and on the server). */
export type BlueprintInput = Pick<Blueprint, 'name' | 'slots'>;

export interface AssemblyPlan {
  blueprint: { _id: string; name: string };
  seed: number;
  target: number | null;
  slots: { number: number; itemType: string; section: QuestionType; reason: string | null;
    item: { _id: string; text: string; p: number | null; n: number; seen: number } | null }[];
  sections: { section: QuestionType; meanP: number | null; withinTarget: boolean | null }[];
  forms: { disjoint: number; distinct: string };
  unfilled: { number: number; itemType: string; reason: string }[];
}

export interface AssembleInput {
  title: string;
  blueprint?: string;
  target?: number | null;
  seed?: number;
}

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
    getBlueprints: b.query<Blueprint[], string>({
      query: (userId) => `exams/blueprints/${userId}`,
      providesTags: [{ type: 'Exam', id: 'BLUEPRINTS' }],
    }),
    createBlueprint: b.mutation<Blueprint, { userId: string; body: BlueprintInput }>({
      query: ({ userId, body }) => ({ url: `exams/blueprints/create/${userId}`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Exam', id: 'BLUEPRINTS' }],
    }),
    updateBlueprint: b.mutation<Blueprint, { userId: string; blueprintId: string; body: BlueprintInput }>({
      query: ({ userId, blueprintId, body }) => ({ url: `exams/blueprints/${blueprintId}/${userId}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Exam', id: 'BLUEPRINTS' }],
    }),
    deleteBlueprint: b.mutation<{ _id: string }, { userId: string; blueprintId: string }>({
      query: ({ userId, blueprintId }) => ({ url: `exams/blueprints/${blueprintId}/${userId}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Exam', id: 'BLUEPRINTS' }],
    }),
    /** The plan of a form (nothing written). */
    planExam: b.mutation<AssemblyPlan, { userId: string; body: AssembleInput }>({
      query: ({ userId, body }) => ({ url: `exams/assemble/${userId}`, method: 'POST', body: { ...body, dryRun: true } }),
    }),
    assembleExam: b.mutation<{ exam: Exam; plan: AssemblyPlan }, { userId: string; body: AssembleInput }>({
      query: ({ userId, body }) => ({ url: `exams/assemble/${userId}`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Exam', id: 'LIST' }, { type: 'Question', id: 'BANK' }, 'Stats'],
    }),
  }),
});

export const {
  useGetQuestionBankQuery, useCopyFromBankMutation, useGetBlueprintsQuery, useCreateBlueprintMutation, useUpdateBlueprintMutation,
  useDeleteBlueprintMutation, usePlanExamMutation, useAssembleExamMutation,
} = questionBankApi;
