/** Exam authoring: exams, questions, uploads, publishing, categories, private-exam access, item analysis. */
import { api, pageParams, toPage } from 'shared-api';
import type {
  AuthInstitute, Category, Exam, ExamType, ItemAnalysis, ItemTypeBreakdown, PageArgs, PageOf, Question, QuestionFields, Result, ReviewPolicy, UploadedFile,
} from '../types';
import type { ExamUploadKind } from '../uploads';

export interface ExamInput {
  title: string;
  type?: ExamType;
  is_cbt: boolean;
  category?: string | null;
  exam?: string;
  status?: 0 | 1;
  /** absent: unchanged (no limit for a new exam) */
  play_limit?: number | null;
  /** unchanged when absent on edit; DEFAULT_REVIEW_POLICY on create */
  review_policy?: ReviewPolicy;
}

export type QuestionInput = QuestionFields;


export const authoringApi = api.injectEndpoints({
  endpoints: (b) => ({
    getAdminExams: b.query<Exam[], string>({
      query: (userId) => `exams/admin/${userId}`,
      providesTags: [{ type: 'Exam', id: 'LIST' }],
    }),
    getInstituteExams: b.query<Exam[], string>({
      query: (userId) => `exams/institute/${userId}`,
      providesTags: [{ type: 'Exam', id: 'LIST' }],
    }),
    /** Exams You have Access To: private exams an admin opened to the institute, plus public exams of others. */
    getSharedExams: b.query<Exam[], string>({
      query: (userId) => `exams/shared/${userId}`,
      providesTags: [{ type: 'Exam', id: 'LIST' }],
    }),
    /** Exams of one institute (admin viewing an institute, or the institute itself). */
    getExamsOfInstitute: b.query<Exam[], { instituteId: string; userId: string }>({
      query: ({ instituteId, userId }) => `exams/institute/${instituteId}/${userId}`,
      providesTags: [{ type: 'Exam', id: 'LIST' }],
    }),
    getExam: b.query<Exam, { examId: string; userId: string }>({
      query: ({ examId, userId }) => `exams/exam/${examId}/${userId}`,
      providesTags: (_r, _e, a) => [{ type: 'Exam', id: a.examId }],
    }),
    createExam: b.mutation<Exam, { userId: string; body: ExamInput }>({
      query: ({ userId, body }) => ({ url: `exams/create/${userId}`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Exam', id: 'LIST' }, 'Stats'],
    }),
    updateExam: b.mutation<Exam, { examId: string; userId: string; body: ExamInput }>({
      query: ({ examId, userId, body }) => ({ url: `exams/${examId}/${userId}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, a) => [{ type: 'Exam', id: 'LIST' }, { type: 'Exam', id: a.examId }],
    }),
    deleteExam: b.mutation<{ _id: string }, { examId: string; userId: string }>({
      query: ({ examId, userId }) => ({ url: `exams/${examId}/${userId}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Exam', id: 'LIST' }, 'Stats'],
    }),
    publishExam: b.mutation<Exam, { examId: string; userId: string }>({
      query: ({ examId, userId }) => ({ url: `exams/publish/${examId}/${userId}`, method: 'PUT' }),
      invalidatesTags: (_r, _e, a) => [{ type: 'Exam', id: 'LIST' }, { type: 'Exam', id: a.examId }],
    }),
    getQuestions: b.query<Question[], { examId: string; userId: string }>({
      query: ({ examId, userId }) => `questions/${examId}/${userId}`,
      providesTags: (_r, _e, a) => [{ type: 'Question', id: a.examId }],
    }),
    createQuestion: b.mutation<Question, { examId: string; userId: string; body: QuestionInput }>({
      query: ({ examId, userId, body }) => ({ url: `questions/create/new/${examId}/${userId}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, a) => [{ type: 'Question', id: a.examId }, { type: 'Question', id: 'BANK' }, { type: 'Exam', id: a.examId }, { type: 'Exam', id: 'LIST' }],
    }),
    updateQuestion: b.mutation<Question, { examId: string; questionId: string; userId: string; body: QuestionInput }>({
      query: ({ examId, questionId, userId, body }) => ({ url: `questions/new/${examId}/${questionId}/${userId}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, a) => [{ type: 'Question', id: a.examId }, { type: 'Question', id: 'BANK' }],
    }),
    deleteQuestion: b.mutation<{ _id: string }, { examId: string; questionId: string; userId: string }>({
      query: ({ questionId, userId }) => ({ url: `questions/${questionId}/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, a) => [{ type: 'Question', id: a.examId }, { type: 'Question', id: 'BANK' }, { type: 'Exam', id: a.examId }, { type: 'Exam', id: 'LIST' }],
    }),
    /** The Question Summary with item analysis; `institute`: an admin's choice of one institute's students. */
    getItemAnalysis: b.query<ItemAnalysis, { examId: string; userId: string; institute?: string }>({
      query: ({ examId, userId, institute }) => ({ url: `questions/analysis/${examId}/${userId}`, params: institute ? { institute } : undefined }),
      providesTags: (_r, _e, a) => [{ type: 'Question', id: a.examId }, { type: 'Result', id: 'LIST' }],
    }),
    /** One page of an exam's results, newest first; search by the student's email. */
    /** `left`: only the attempts with records of leaving the exam. */
    getExamResults: b.query<PageOf<Result>, { examId: string; userId: string; left?: boolean } & PageArgs>({
      query: ({ examId, userId, left, ...page }) => ({ url: `results/exam/${examId}/${userId}`, params: { ...pageParams(page), ...(left ? { left: 'true' } : {}) } }),
      transformResponse: (rows: Result[], meta) => toPage(rows, meta),
      providesTags: [{ type: 'Result', id: 'LIST' }],
    }),
    /** The score per item type across the exam's results the viewer sees in its results list, weakest first. */
    getExamItemTypes: b.query<ItemTypeBreakdown, { examId: string; userId: string }>({
      query: ({ examId, userId }) => `results/item-types/exam/${examId}/${userId}`,
      providesTags: [{ type: 'Result', id: 'LIST' }],
    }),
    getCategories: b.query<Category[], string>({
      query: (userId) => `categories/${userId}`,
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    createCategory: b.mutation<Category, { userId: string; title: string }>({
      query: ({ userId, title }) => ({ url: `categories/create/${userId}`, method: 'POST', body: { title } }),
      invalidatesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    deleteCategory: b.mutation<{ _id: string }, { categoryId: string; userId: string }>({
      query: ({ categoryId, userId }) => ({ url: `categories/${categoryId}/${userId}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    getExamInstitutes: b.query<AuthInstitute[], { examId: string; userId: string }>({
      query: ({ examId, userId }) => `exams/exam/institutes/${examId}/${userId}`,
      providesTags: (_r, _e, a) => [{ type: 'ExamInstitute', id: a.examId }],
    }),
    /** The private exams (others') opened to one institute (admin). */
    getExamsGrantedTo: b.query<Exam[], { instituteId: string; userId: string }>({
      query: ({ instituteId, userId }) => `exams/granted/${instituteId}/${userId}`,
      providesTags: (_r, _e, a) => [{ type: 'ExamInstitute', id: `granted:${a.instituteId}` }, { type: 'Exam', id: 'LIST' }],
    }),
    addInstituteAccess: b.mutation<AuthInstitute[], { examId: string; userId: string; institute: string }>({
      query: ({ examId, userId, institute }) => ({ url: `exam/addInstituteAccess/${examId}/${userId}`, method: 'PUT', body: { institute } }),
      invalidatesTags: (_r, _e, a) => [{ type: 'ExamInstitute', id: a.examId }, { type: 'ExamInstitute', id: `granted:${a.institute}` }],
    }),
    removeInstituteAccess: b.mutation<AuthInstitute[], { examId: string; userId: string; institute: string }>({
      query: ({ examId, userId, institute }) => ({ url: `exam/removeInstituteAccess/${examId}/${userId}`, method: 'PUT', body: { institute } }),
      invalidatesTags: (_r, _e, a) => [{ type: 'ExamInstitute', id: a.examId }, { type: 'ExamInstitute', id: `granted:${a.institute}` }],
    }),
  }),
});

export const {
  useGetAdminExamsQuery, useGetInstituteExamsQuery, useGetSharedExamsQuery, useGetExamsOfInstituteQuery, useGetExamQuery,
  useCreateExamMutation, useUpdateExamMutation, useDeleteExamMutation, usePublishExamMutation, useGetQuestionsQuery,
  useCreateQuestionMutation, useUpdateQuestionMutation, useDeleteQuestionMutation, useGetItemAnalysisQuery, useGetExamItemTypesQuery,
  useGetExamResultsQuery, useGetCategoriesQuery, useCreateCategoryMutation, useDeleteCategoryMutation,
  useGetExamInstitutesQuery, useGetExamsGrantedToQuery, useAddInstituteAccessMutation, useRemoveInstituteAccessMutation,
} = authoringApi;

/**
 * Upload with progress (fetch cannot report upload progress): POST upload-file/{examId}/{userId}, multipart `name`
 * (the question's field, echoed back; letters, digits and '_' only), `kind` and `file`. Resolves with
 * { field_name, url }; rejects with the server's `error` text. `kind` says what the server accepts (checked from the
 * file's bytes by the rules of ../uploads.ts): 'image' or 'audio'.
 */
export function uploadFile(opts: {
  examId: string; userId: string; token: string; file: Blob; name: string; kind: ExamUploadKind;
  onProgress?: (fraction: number) => void; signal?: AbortSignal;
}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(`/api/upload-file/${opts.examId}/${opts.userId}`, window.location.href).href);
    xhr.setRequestHeader('Authorization', `Bearer ${opts.token}`);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total); };
    xhr.onload = () => {
      let body: unknown = null;
      try { body = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as UploadedFile);
      else reject(new Error((body as { error?: string } | null)?.error ?? 'Error Upload File'));
    };
    xhr.onerror = () => reject(new Error('Error Upload File'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    const fd = new FormData();
    fd.append('name', opts.name);
    fd.append('kind', opts.kind);
    fd.append('file', opts.file);
    xhr.send(fd);
  });
}
