/**
 * People, access and oversight (back office: shared-api/back-office): users, institutes, exam access, today's results,
 * reports. The signed-in user's own profile is in ./profile.ts (every role).
 */
import { api, pageParams, toPage } from 'shared-api';
import type {
  AccessType, AuthInstitute, ExamAccess, ExtraTime, ExtraTimeInput, PageArgs, PageOf, Report, ReportPage, Result, User, DayResult,
} from '../types';

export interface UserInput {
  firstname: string;
  lastname: string;
  email: string;
  phone?: string;
  password?: string;
  confirmPassword?: string;
  status?: 0 | 1;
}

export interface InstituteInput {
  _id?: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  password?: string;
  confirm_password?: string;
  institute_role: 0 | 1;
  status?: 0 | 1;
}

export interface AccessInput {
  user: string;
  type: AccessType;
  startTime?: string | null;
  endTime?: string | null;
  total_times?: number | null;
  exams?: { exam: string; total_times: number }[];
}


export interface CsvImportResponse {
  /** `password` is present (shown once) when the row had none and the server generated it */
  created: (User & { password?: string })[];
  errors: { row: number; email: string; error: string }[];
}

export type InstituteRow = User & { students: number };

/** The lists below are paged by the server (PageArgs in, PageOf out: one page and the total). */
export const peopleApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Institutes, newest first; search by name. */
    getAllInstitutes: b.query<PageOf<InstituteRow>, { userId: string } & PageArgs>({
      query: ({ userId, ...page }) => ({ url: `users/getAllInstitutes/${userId}`, params: pageParams(page) }),
      transformResponse: (rows: InstituteRow[], meta) => toPage(rows, meta),
      providesTags: [{ type: 'Institute', id: 'LIST' }],
    }),
    createInstitute: b.mutation<User, { userId: string; body: InstituteInput }>({
      query: ({ userId, body }) => ({ url: `users/createInstitute/${userId}`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Institute', id: 'LIST' }, 'Stats'],
    }),
    updateInstitute: b.mutation<User, { userId: string; body: InstituteInput & { _id: string } }>({
      query: ({ userId, body }) => ({ url: `users/updateInstitute/${userId}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Institute', id: 'LIST' }, 'User'],
    }),
    /** Deletes an institute or a user (results are kept). */
    deleteUser: b.mutation<{ _id: string }, { userId: string; _id: string }>({
      query: ({ userId, _id }) => ({ url: `users/delete/${userId}`, method: 'PUT', body: { _id } }),
      invalidatesTags: [{ type: 'Institute', id: 'LIST' }, { type: 'User', id: 'LIST' }, 'Stats'],
    }),
    /** An institute's own students. Every users list: newest first; search by email. */
    getInstituteUsers: b.query<PageOf<User>, { userId: string } & PageArgs>({
      query: ({ userId, ...page }) => ({ url: `users/institute/${userId}`, params: pageParams(page) }),
      transformResponse: (rows: User[], meta) => toPage(rows, meta),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** Admin: every user. */
    getAllUsers: b.query<PageOf<User>, { userId: string } & PageArgs>({
      query: ({ userId, ...page }) => ({ url: `users/getAllUsers/${userId}`, params: pageParams(page) }),
      transformResponse: (rows: User[], meta) => toPage(rows, meta),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** Admin: users the admin created ('Yours Users'). */
    getSelfCreatedUsers: b.query<PageOf<User>, { userId: string } & PageArgs>({
      query: ({ userId, ...page }) => ({ url: `users/getSelfCreatedUsers/${userId}`, params: pageParams(page) }),
      transformResponse: (rows: User[], meta) => toPage(rows, meta),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** Admin: students no institute has enrolled ('Users With No Institute'). */
    getUsersWithNoInstitute: b.query<PageOf<User>, { userId: string } & PageArgs>({
      query: ({ userId, ...page }) => ({ url: `users/noInstitute/${userId}`, params: pageParams(page) }),
      transformResponse: (rows: User[], meta) => toPage(rows, meta),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** Students of one institute (user detail, Users tab). */
    getUsersOfInstitute: b.query<PageOf<User>, { instituteId: string; userId: string } & PageArgs>({
      query: ({ instituteId, userId, ...page }) => ({ url: `users/ofInstitute/${instituteId}/${userId}`, params: pageParams(page) }),
      transformResponse: (rows: User[], meta) => toPage(rows, meta),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    getUser: b.query<User, { id: string; userId: string }>({
      query: ({ id, userId }) => `users/get/${id}/${userId}`,
      providesTags: (_r, _e, a) => [{ type: 'User', id: a.id }],
    }),
    createUser: b.mutation<User, { userId: string; body: UserInput }>({
      query: ({ userId, body }) => ({ url: `users/createUser/${userId}`, method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }, 'Stats'],
    }),
    importUsersCsv: b.mutation<CsvImportResponse, { userId: string; csv: string }>({
      query: ({ userId, csv }) => ({ url: `users/import/${userId}`, method: 'POST', body: { csv } }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }, 'Stats'],
    }),
    updateUser: b.mutation<User, { userId: string; body: UserInput & { _id: string } }>({
      query: ({ userId, body }) => ({ url: `users/update/${userId}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, a) => [{ type: 'User', id: 'LIST' }, { type: 'User', id: a.body._id }],
    }),
    updateUserPassword: b.mutation<{ _id: string }, { userId: string; user: string; email: string; newPassword: string; confirmPassword: string }>({
      query: ({ userId, ...body }) => ({ url: `users/updateUserPassword/${userId}`, method: 'PUT', body }),
    }),
    addUserToInstitute: b.mutation<User, { userId: string; user: string; institute: string }>({
      query: ({ userId, user, institute }) => ({ url: `users/addUserToInstitute/${userId}`, method: 'PUT', body: { user, institute } }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    getUserAccess: b.query<ExamAccess | null, { userId: string; studentId: string }>({
      query: ({ userId, studentId }) => ({ url: `examaccess/${userId}`, params: { id: studentId } }),
      providesTags: (_r, _e, a) => [{ type: 'Access', id: a.studentId }],
    }),
    saveUserAccess: b.mutation<ExamAccess, { userId: string; body: AccessInput }>({
      query: ({ userId, body }) => ({ url: `examaccess/create/${userId}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, a) => [{ type: 'Access', id: a.body.user }],
    }),
    /** A student's extra time (accommodations); kind 'none' removes it. */
    setExtraTime: b.mutation<ExtraTime, { userId: string; body: ExtraTimeInput }>({
      query: ({ userId, body }) => ({ url: `examaccess/extratime/${userId}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, a) => [{ type: 'Access', id: `extra-${a.body.user}` }],
    }),
    /**
     * The day's results: date (YYYY-MM-DD) to the next day. Results lists: newest first; search by the student's email;
     * `left`: only the attempts with records of leaving the exam.
     */
    getResultsByDate: b.query<PageOf<DayResult>, { userId: string; date: string; to: string; left?: boolean } & PageArgs>({
      query: ({ userId, date, to, left, ...page }) => ({ url: `reports/date/${userId}`, params: { date, to, ...pageParams(page), ...(left ? { left: 'true' } : {}) } }),
      transformResponse: (rows: DayResult[], meta) => toPage(rows, meta),
      providesTags: [{ type: 'Result', id: 'LIST' }],
    }),
    /** Results of one user (user detail, Results tab) or of one institute's students (Result List tab). */
    getResultsOfUser: b.query<PageOf<Result>, { id: string; userId: string; left?: boolean } & PageArgs>({
      query: ({ id, userId, left, ...page }) => ({ url: `results/of/${id}/${userId}`, params: { ...pageParams(page), ...(left ? { left: 'true' } : {}) } }),
      transformResponse: (rows: Result[], meta) => toPage(rows, meta),
      providesTags: [{ type: 'Result', id: 'LIST' }],
    }),
    /** Institutes with their attempts in the period: most first; search by name. */
    getReport: b.query<ReportPage, { userId: string; startDate: string; endDate: string } & PageArgs>({
      query: ({ userId, startDate, endDate, ...page }) => ({ url: `reports/getReport/${userId}`, params: { startDate, endDate, ...pageParams(page) } }),
      transformResponse: ({ startDate, endDate, reports }: Report, meta) => ({ startDate, endDate, ...toPage(reports, meta) }),
      providesTags: ['Report'],
    }),
  }),
});

export const {
  useGetAllInstitutesQuery, useCreateInstituteMutation,
  useUpdateInstituteMutation, useDeleteUserMutation, useGetInstituteUsersQuery, useGetAllUsersQuery,
  useGetSelfCreatedUsersQuery, useGetUsersWithNoInstituteQuery, useGetUsersOfInstituteQuery, useGetUserQuery, useCreateUserMutation,
  useImportUsersCsvMutation, useUpdateUserMutation, useUpdateUserPasswordMutation, useAddUserToInstituteMutation,
  useGetUserAccessQuery, useSaveUserAccessMutation, useSetExtraTimeMutation, useGetResultsByDateQuery, useGetResultsOfUserQuery, useGetReportQuery,
} = peopleApi;

export type { AuthInstitute };
