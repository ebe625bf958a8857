/**
 * People, access and oversight (back office: shared-api/back-office): users, institutes, exam access, today's results,
 * reports. The signed-in user's own profile is in ./profile.ts (every role).
 */
import { api } from 'shared-api';
import type { AccessType, AuthInstitute, ExamAccess, Report, Result, User, DayResult } from '../types';

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

export const peopleApi = api.injectEndpoints({
  endpoints: (b) => ({
    getAllInstitutes: b.query<(User & { students: number })[], string>({
      query: (userId) => `users/getAllInstitutes/${userId}`,
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
    /** An institute's own students. */
    getInstituteUsers: b.query<User[], string>({
      query: (userId) => `users/institute/${userId}`,
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** Admin: every user. */
    getAllUsers: b.query<User[], string>({
      query: (userId) => `users/getAllUsers/${userId}`,
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** Admin: users the admin created ('Yours Users'). */
    getSelfCreatedUsers: b.query<User[], string>({
      query: (userId) => `users/getSelfCreatedUsers/${userId}`,
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** Admin: students no institute has enrolled ('Users With No Institute'). */
    getUsersWithNoInstitute: b.query<User[], string>({
      query: (userId) => `users/noInstitute/${userId}`,
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** Students of one institute (user detail, Users tab). */
    getUsersOfInstitute: b.query<User[], { instituteId: string; userId: string }>({
      query: ({ instituteId, userId }) => `users/ofInstitute/${instituteId}/${userId}`,
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
    /** The day's results: date (YYYY-MM-DD) to the next day. */
    getResultsByDate: b.query<DayResult[], { userId: string; date: string; to: string }>({
      query: ({ userId, date, to }) => ({ url: `reports/date/${userId}`, params: { date, to } }),
      providesTags: [{ type: 'Result', id: 'LIST' }],
    }),
    /** Results of one user (user detail, Results tab) or of one institute's students (Result List tab). */
    getResultsOfUser: b.query<Result[], { id: string; userId: string }>({
      query: ({ id, userId }) => `results/of/${id}/${userId}`,
      providesTags: [{ type: 'Result', id: 'LIST' }],
    }),
    getReport: b.query<Report, { userId: string; startDate: string; endDate: string }>({
      query: ({ userId, startDate, endDate }) => ({ url: `reports/getReport/${userId}`, params: { startDate, endDate } }),
      providesTags: ['Report'],
    }),
  }),
});

export const {
  useGetAllInstitutesQuery, useCreateInstituteMutation,
  useUpdateInstituteMutation, useDeleteUserMutation, useGetInstituteUsersQuery, useGetAllUsersQuery,
  useGetSelfCreatedUsersQuery, useGetUsersWithNoInstituteQuery, useGetUsersOfInstituteQuery, useGetUserQuery, useCreateUserMutation,
  useImportUsersCsvMutation, useUpdateUserMutation, useUpdateUserPasswordMutation, useAddUserToInstituteMutation,
  useGetUserAccessQuery, useSaveUserAccessMutation, useGetResultsByDateQuery, useGetResultsOfUserQuery, useGetReportQuery,
} = peopleApi;

export type { AuthInstitute };
