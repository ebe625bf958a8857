/**
 * /api/questions: an exam's questions (../../authoring/exam-questions.ts), checked by the shared rules
 * (shared-api/schemas/question), and the question summary (item analysis) of its results (../../authoring/results.ts).
 * Back office only; the exam is read or written only by whom loadExamFor allows.
 */
import type { FastifyInstance } from 'fastify';
import { TOTAL_QUESTIONS } from 'shared-api/constants';
import { ITEM_TYPES } from 'shared-api/item-types';
import { DIFFICULTY_BANDS } from 'shared-api/question-bank';
import { bankPage, copyFromBank, type BankQuery, type CopyBody } from '../../authoring/bank.ts';
import { sendPage } from '../../paging.ts';
import { createQuestion, deleteQuestion, listQuestions, updateQuestion } from '../../authoring/exam-questions.ts';
import { questionSchema } from '../../authoring/questions.ts';
import { examItemAnalysis, examQuestionSummary } from '../../authoring/results.ts';
import { allowCrossSiteRead } from '../../transfer/cross-site.ts';
import { bodyOf } from '../../validate.ts';
import { backOffice, self } from '../guards.ts';
import { body, id, pagedQuery, type Id, type Paged } from '../schemas.ts';

const questionBodySchema = bodyOf(questionSchema);

export async function questionRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', backOffice);
  app.addHook('preValidation', self);
  const db = app.db;

  // The question bank (docs/question-bank.md): static paths, so they win over /:examId/:userId.
  app.get<Paged<Omit<BankQuery, keyof import('../../paging.ts').PageQuery>>>('/bank/:userId', {
    config: { heavyRead: true },
    schema: pagedQuery({
      section: { type: 'string', enum: ['Reading', 'Listening'] },
      type: { type: 'string', enum: ITEM_TYPES.map((t) => t.value) },
      difficulty: { type: 'string', enum: [...DIFFICULTY_BANDS] },
      notUsedSince: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', description: 'YYYY-MM-DD' },
      institute: id,
    }),
  }, async (request, reply) => sendPage(reply, await bankPage(db, request.user, request.query)));

  app.post<{ Params: { userId: string }; Body: CopyBody }>('/bank/copy/:userId', {
    schema: {
      body: {
        ...body({ examId: id, itemId: id, questionNumber: { type: 'integer', minimum: 1, maximum: TOTAL_QUESTIONS } }, ['examId', 'itemId', 'questionNumber']),
        additionalProperties: false,
      },
    },
  }, async (request) => copyFromBank(db, request.user, request.body));

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
