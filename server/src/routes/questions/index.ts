/**
 * /api/questions: an exam's questions (../../authoring/exam-questions.ts), checked by the shared rules
 * (shared-api/schemas/question), and the question summary (item analysis) of its results (../../authoring/results.ts).
 * Back office only; the exam is read or written only by whom loadExamFor allows.
 */
import type { FastifyInstance } from 'fastify';
import { createQuestion, deleteQuestion, listQuestions, updateQuestion } from '../../authoring/exam-questions.ts';
import { questionSchema } from '../../authoring/questions.ts';
import { examItemAnalysis, examQuestionSummary } from '../../authoring/results.ts';
import { allowCrossSiteRead } from '../../transfer/cross-site.ts';
import { bodyOf } from '../../validate.ts';
import { backOffice, self } from '../guards.ts';
import { id, type Id } from '../schemas.ts';

const questionBodySchema = bodyOf(questionSchema);

export async function questionRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', backOffice);
  app.addHook('preValidation', self);
  const db = app.db;

  // also read by another deployment's exam transfer (../../transfer/cross-site.ts)
  app.get<Id<'examId'>>('/:examId/:userId', { onRequest: allowCrossSiteRead }, async (request) =>
    listQuestions(db, request.user, request.params.examId));

  app.post<Id<'examId'> & { Body: Record<string, unknown> }>('/create/new/:examId/:userId', {
    schema: { body: questionBodySchema },
  }, async (request) => createQuestion(db, request.user, request.params.examId, request.body));

  app.put<Id<'examId' | 'questionId'> & { Body: Record<string, unknown> }>('/new/:examId/:questionId/:userId', {
    schema: { body: questionBodySchema },
  }, async (request) => updateQuestion(db, request.user, request.params.examId, request.params.questionId, request.body));

  app.delete<Id<'questionId'>>('/:questionId/:userId', async (request) =>
    deleteQuestion(db, request.user, request.params.questionId));

  // ?institute: an admin's choice of one institute's students (an institute may name only itself)
  const analysisQuery = { querystring: { type: 'object', properties: { institute: id } } };
  type Analysis = Id<'examId'> & { Querystring: { institute?: string } };
  app.get<Analysis>('/summary/:examId/:userId', { config: { heavyRead: true }, schema: analysisQuery }, async (request) =>
    examQuestionSummary(db, request.user, request.params.examId, request.query.institute));
  app.get<Analysis>('/analysis/:examId/:userId', { config: { heavyRead: true }, schema: analysisQuery }, async (request) =>
    examItemAnalysis(db, request.user, request.params.examId, request.query.institute));
}
