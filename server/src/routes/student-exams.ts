/**
 * The student's exam (contract: shared-api's endpoints/student-exam.ts): lists by access, start, running exam,
 * autosave, listening counts, submit, results. The rules are in access/, the attempt logic in attempts/.
 */
import type { FastifyInstance } from 'fastify';
import { authenticate, requireRole, requireSelf, ROLES } from '../auth/index.ts';
import { ID_PATTERN } from '../ids.ts';
import { TOTAL_QUESTIONS } from 'shared-api/constants';
import { listStudentExams } from '../access/student-exams.ts';
import {
  accessCounts, AUDIO_KEYS, linkResult, recordListening, runningExam, startAttempt,
  toSubmitJson, type AnswerInput, type AudioKey,
} from '../attempts/attempts.ts';
import { toAttemptJson } from '../attempts/serialize.ts';
import { listStudentResults, resultDetail } from '../attempts/results.ts';
import { attemptBatchers } from '../attempts/batcher.ts';

const id = { type: 'string', pattern: ID_PATTERN } as const;
/** A params schema: each named path id must be an id (a malformed one is this request's 400, before any batch). */
const ids = (...names: string[]) => ({
  type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, id])),
}) as const;
const answersSchema = {
  type: 'array',
  maxItems: TOTAL_QUESTIONS,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['question', 'answer'],
    properties: { question: id, answer: { type: 'string', enum: ['0', '1', '2', '3', '4'] } },
  },
} as const;

export async function studentExamRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', authenticate);
  const student = { preValidation: [requireRole(ROLES.student), requireSelf('userId')] };
  // group commit of submissions and autosaves (attempts/batcher.ts); answered after the batch's COMMIT
  const batchers = () => attemptBatchers(app.db, app.database.kind, app.config);

  app.get<{ Params: { userId: string } }>('/exams/published/users/:userId', student, async (request) =>
    (await listStudentExams(app.db, request.user, new Date())).available);

  app.get<{ Params: { userId: string } }>('/exams/users/getAll/:userId', student, async (request) =>
    (await listStudentExams(app.db, request.user, new Date())).other);

  // Get Started. The body's user and institute are ignored: the attempt is the token's user's.
  app.post<{ Params: { userId: string }; Body: { exam: string } }>('/reports/create/:userId', {
    ...student,
    schema: {
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['exam'],
        properties: { exam: id, user: { type: ['string', 'null'], maxLength: 64 }, institute: { type: ['string', 'null'], maxLength: 64 } },
      },
    },
  }, async (request) => {
    const now = new Date();
    const { attempt, resumed } = await startAttempt(app.db, app.config, request.user, request.body.exam, now);
    return { ...toAttemptJson(attempt, now), resumed };
  });

  // Kept for the spec's flow. Idempotent: the attempt was already counted by reports/create (in the same transaction
  // that created it), so this only reports the counts of the access record for that exam.
  app.put<{ Params: { examId: string; userId: string } }>('/examaccess/increaseCount/:examId/:userId', { ...student, schema: { params: ids('examId') } }, async (request) =>
    accessCounts(app.db, request.user, request.params.examId));

  app.get<{ Params: { examId: string; userId: string } }>('/attempts/running/:examId/:userId', { ...student, schema: { params: ids('examId') } }, async (request) =>
    runningExam(app.db, app.config, request.user.id, request.params.examId));

  app.put<{ Params: { attemptId: string; userId: string }; Body: { answers: AnswerInput[] } }>('/attempts/:attemptId/answers/:userId', {
    ...student,
    schema: { params: ids('attemptId'), body: { type: 'object', additionalProperties: false, required: ['answers'], properties: { answers: answersSchema } } },
  }, async (request) => batchers().save.add({
    studentId: request.user.id, attemptId: request.params.attemptId, answers: request.body.answers, now: new Date(),
  }));

  app.put<{ Params: { attemptId: string; userId: string }; Body: { question: string; audio: AudioKey } }>('/attempts/:attemptId/listening/:userId', {
    ...student,
    schema: {
      params: ids('attemptId'),
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['question', 'audio'],
        properties: { question: id, audio: { type: 'string', enum: [...AUDIO_KEYS] } },
      },
    },
  }, async (request) =>
    recordListening(app.db, app.config, request.user.id, request.params.attemptId, request.body.question, request.body.audio));

  // Submit. `score` from old clients is accepted and ignored: the server scores from the stored answers.
  app.post<{ Params: { examId: string; userId: string }; Body: { report: string; answers?: AnswerInput[] } }>('/results/create/:examId/:userId', {
    ...student,
    schema: {
      params: ids('examId'),
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['report'],
        properties: { report: id, answers: answersSchema, score: { type: 'number' } },
      },
    },
  }, async (request) => {
    const result = await batchers().submit.add({
      student: request.user, examId: request.params.examId, attemptId: request.body.report, answers: request.body.answers, now: new Date(),
    });
    return toSubmitJson(result, request.user);
  });

  app.put<{ Params: { reportId: string; userId: string }; Body: { result: string } }>('/reports/update/:reportId/:userId', {
    ...student,
    schema: { params: ids('reportId'), body: { type: 'object', additionalProperties: false, required: ['result'], properties: { result: id } } },
  }, async (request) => linkResult(app.db, request.user.id, request.params.reportId, request.body.result));

  app.get<{ Params: { userId: string }; Querystring: { startDate?: string; endDate?: string } }>('/results/user/:userId', {
    ...student,
    schema: {
      querystring: {
        type: 'object',
        properties: { startDate: { type: 'string', maxLength: 10 }, endDate: { type: 'string', maxLength: 10 } },
      },
    },
  }, async (request) => listStudentResults(app.db, request.user.id, request.query));

  // Any role (the acting user ends the path); resultDetail decides who may read which result.
  app.get<{ Params: { resultId: string; userId: string } }>('/results/:resultId/:userId', { preValidation: requireSelf('userId'), schema: { params: ids('resultId') } }, async (request) =>
    resultDetail(app.db, request.user, request.params.resultId));
}
