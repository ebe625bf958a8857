/**
 * /api/results: the student's submit and results (../../attempts/), one result for whoever may read it, and the
 * back office's results of an exam (../../authoring/results.ts) or of a user (../../people/reports.ts).
 * The lists are paged (../../paging.ts), newest first; the search matches the student's email. The score per item type
 * of a student's or an exam's results (../../attempts/item-types.ts).
 */
import type { FastifyInstance } from 'fastify';
import { toSubmitJson, type AnswerInput } from '../../attempts/attempts.ts';
import { attemptBatchers } from '../../attempts/batcher.ts';
import { studentRanks } from '../../attempts/ranks.ts';
import { listStudentResults, resultDetail } from '../../attempts/results.ts';
import { examItemTypes, studentItemTypes } from '../../attempts/item-types.ts';
import { zoneOf } from '../../zones/index.ts';
import { examResults } from '../../authoring/results.ts';
import { resultsOf } from '../../people/reports.ts';
import { sendPage, type PageQuery } from '../../paging.ts';
import { backOffice, self, student } from '../guards.ts';
import { answersSchema, id, ids, pagedQuery, type P } from '../schemas.ts';

export async function resultRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  // Submit. `score` from old clients is accepted and ignored: the server scores from the stored answers. Written in
  // the group commit (../../attempts/batcher.ts), answered after the batch's COMMIT.
  app.post<{ Params: P & { examId: string }; Body: { report: string; answers?: AnswerInput[] } }>('/create/:examId/:userId', {
    preValidation: [student, self],
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
    const result = await attemptBatchers(db, app.database.kind, app.config).submit.add({
      student: request.user, examId: request.params.examId, attemptId: request.body.report, answers: request.body.answers, now: new Date(),
    });
    return toSubmitJson(result, request.user);
  });

  app.get<{ Params: P; Querystring: { startDate?: string; endDate?: string } }>('/user/:userId', {
    preValidation: [student, self],
    schema: {
      querystring: {
        type: 'object',
        properties: { startDate: { type: 'string', maxLength: 10 }, endDate: { type: 'string', maxLength: 10 } },
      },
    },
  }, async (request) => listStudentResults(db, request.user.id, request.query, await zoneOf(db, request.user)));

  // The rank of each of the student's results among the attempts of that exam under the same institute.
  app.get<{ Params: P }>('/ranks/:userId', { preValidation: [student, self] }, async (request) =>
    ({ ranks: await studentRanks(db, request.user.id) }));

  // The score per item type (../../attempts/item-types.ts): across a student's results, for whoever may read them
  // (the student itself without the exams that show the score only); across an exam's results, for the back office.
  app.get<{ Params: P & { id: string } }>('/item-types/user/:id/:userId', {
    config: { heavyRead: true },
    preValidation: self,
    schema: { params: ids('id') },
  }, async (request) => studentItemTypes(db, request.user, request.params.id));

  app.get<{ Params: P & { examId: string } }>('/item-types/exam/:examId/:userId', {
    config: { heavyRead: true },
    preValidation: [backOffice, self],
    schema: { params: ids('examId') },
  }, async (request) => examItemTypes(db, request.user, request.params.examId));

  // Any role (the acting user ends the path); resultDetail decides who may read which result.
  app.get<{ Params: P & { resultId: string } }>('/:resultId/:userId', { preValidation: self, schema: { params: ids('resultId') } }, async (request) =>
    resultDetail(db, request.user, request.params.resultId));

  // ?left=true: only the attempts with records of leaving the exam
  app.get<{ Params: P & { examId: string }; Querystring: PageQuery & { left?: boolean } }>('/exam/:examId/:userId', {
    config: { heavyRead: true },
    preValidation: [backOffice, self],
    schema: pagedQuery({ left: { type: 'boolean' } }),
  }, async (request, reply) => sendPage(reply, await examResults(db, request.user, request.params.examId, request.query)));

  app.get<{ Params: P & { id: string }; Querystring: PageQuery & { left?: boolean } }>('/of/:id/:userId', {
    config: { heavyRead: true },
    preValidation: self,
    schema: pagedQuery({ left: { type: 'boolean' } }),
  }, async (request, reply) => sendPage(reply, await resultsOf(db, request.user, request.params.id, request.query)));
}
