/**
 * Exam transfer from another deployment (admin). The other site is read by THIS server (its guarded fetch): the page's
 * Content-Security-Policy keeps the browser on its own origin, and the token stays out of URLs and logs.
 * Errors: 400 {error: 'Error Getting Exam: <reason>'} / {error: 'Error Transfering Exam: <reason>'}.
 */
import { api } from 'shared-api';
import type { Exam, RemoteExam } from '../types';

/** The other deployment as an admin of it describes it (its View My Details: user id and token). */
export type TransferSite = {
  /** the other deployment's base URL, e.g. https://exams.example.com/ */
  url: string;
  /** the other admin's user id */
  userId: string;
  /** the other admin's token */
  token: string;
};


export const transferApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** POST exams/transfer/list/{currentUserId} {url, userId, token}: the other deployment's exams (Get Exams). */
    getTransferExams: b.mutation<RemoteExam[], { currentUserId: string; site: TransferSite }>({
      query: ({ currentUserId, site }) => ({ url: `exams/transfer/list/${currentUserId}`, method: 'POST', body: site }),
    }),
    /** POST exams/transferexam/{currentUserId} {exam, url, token, userId}: copies it here, hidden, owned by the caller. */
    transferExam: b.mutation<Exam, { currentUserId: string; site: TransferSite; exam: string }>({
      query: ({ currentUserId, site, exam }) => ({
        url: `exams/transferexam/${currentUserId}`, method: 'POST', body: { exam, url: site.url, userId: site.userId, token: site.token },
      }),
      invalidatesTags: [{ type: 'Exam', id: 'LIST' }, 'Stats'],
    }),
  }),
});

export const { useGetTransferExamsMutation, useTransferExamMutation } = transferApi;
