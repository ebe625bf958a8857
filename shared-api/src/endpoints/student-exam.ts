/**
 * shared-api/student-exam: the student's exam (start, autosave, listening counts, leaving, submit), out of the root's
 * first render (the lists are there: ./exam-lists.ts; the results, read after the exam, are in ./progress.ts). A shared singleton that imports the slice as
 * 'shared-api', so that its endpoints land in the store's one slice (as shared-api/back-office).
 */
import { api } from 'shared-api';
import type {
  ExamDownload, ExtraTime, LeaveRecord, ListeningPlay, ListeningStatus, RunningExam, StartAttemptResponse, SubmitResponse,
} from '../types';

export const studentExamApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Get Started: creates the attempt and counts it, or resumes the running one. */
    startAttempt: b.mutation<StartAttemptResponse, { userId: string; exam: string; institute: string | null }>({
      query: ({ userId, exam, institute }) => ({ url: `reports/create/${userId}`, method: 'POST', body: { exam, user: userId, institute } }),
      invalidatesTags: [{ type: 'Exam', id: 'STUDENT' }, 'Access', 'Stats'],
    }),
    /** Kept for the spec's flow; the count is taken atomically by startAttempt, this returns the counts. */
    increaseCount: b.mutation<{ completed_times: number; total_times: number | null; remaining: number | null }, { examId: string; userId: string }>({
      query: ({ examId, userId }) => ({ url: `examaccess/increaseCount/${examId}/${userId}`, method: 'PUT' }),
    }),
    getRunningExam: b.query<RunningExam, { examId: string; userId: string }>({
      query: ({ examId, userId }) => `attempts/running/${examId}/${userId}`,
      providesTags: (r) => (r ? [{ type: 'Attempt', id: r.attempt._id }] : []),
    }),
    /** The start page's download: the exam's questions (no answers) and its media files with their sizes. */
    getExamDownload: b.query<ExamDownload, { examId: string; userId: string }>({
      query: ({ examId, userId }) => `exams/download/${examId}/${userId}`,
    }),
    saveAnswers: b.mutation<{ saved: number; serverNow: string; deadlineAt: string }, { attemptId: string; userId: string; answers: { question: string; answer: string }[] }>({
      query: ({ attemptId, userId, answers }) => ({ url: `attempts/${attemptId}/answers/${userId}`, method: 'PUT', body: { answers } }),
    }),
    /** One listening play (idempotent by playId); 409 beyond the exam's limit, with the server's counts (`data`). */
    recordListening: b.mutation<ListeningStatus, { attemptId: string; userId: string } & ListeningPlay>({
      query: ({ attemptId, userId, question, audio, playId }) => ({
        url: `attempts/${attemptId}/listening/${userId}`, method: 'PUT', body: { question, audio, playId },
      }),
    }),
    /** Records of leaving the exam page (kept by the device until stored); idempotent by each record's id. */
    recordLeaves: b.mutation<{ stored: number; ignored: number }, { attemptId: string; userId: string; leaves: LeaveRecord[] }>({
      query: ({ attemptId, userId, leaves }) => ({ url: `attempts/${attemptId}/leaves/${userId}`, method: 'PUT', body: { leaves } }),
    }),
    /**
     * A student's extra time: the student's own (the start page; studentId absent) or, for the back office, a student's
     * (the User Access tab).
     */
    getExtraTime: b.query<ExtraTime, { userId: string; studentId?: string }>({
      query: ({ userId, studentId }) => ({ url: `examaccess/extratime/${userId}`, params: studentId ? { id: studentId } : {} }),
      providesTags: (_r, _e, a) => [{ type: 'Access', id: `extra-${a.studentId ?? a.userId}` }],
    }),
    /** Submit: the server scores from the stored answers (the client's score is ignored). Idempotent. */
    submitResult: b.mutation<SubmitResponse, { examId: string; userId: string; report: string; answers: { question: string; answer: string }[] }>({
      query: ({ examId, userId, report, answers }) => ({ url: `results/create/${examId}/${userId}`, method: 'POST', body: { report, answers } }),
      invalidatesTags: ['Result', 'Stats', { type: 'Exam', id: 'STUDENT' }],
    }),
  }),
});

export const {
  useStartAttemptMutation, useIncreaseCountMutation,
  useGetRunningExamQuery, useGetExamDownloadQuery, useSaveAnswersMutation, useRecordListeningMutation, useRecordLeavesMutation,
  useGetExtraTimeQuery, useSubmitResultMutation,
} = studentExamApi;
