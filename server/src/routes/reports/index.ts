/**
 * /api/reports: the student's attempt (start, then the link to its result: ../../attempts/attempts.ts) and the back
 * office's reports (../../people/reports.ts), paged (../../paging.ts).
 */
import type { FastifyInstance } from 'fastify';
import { linkResult, startAttempt } from '../../attempts/attempts.ts';
import { toAttemptJson } from '../../attempts/serialize.ts';
import { dayReport, instituteReport } from '../../people/reports.ts';
import { str } from '../../people/validate.ts';
import { sendPage } from '../../paging.ts';
import { admin, backOffice, self, student } from '../guards.ts';
import { id, ids, pagedQuery, type P, type Paged } from '../schemas.ts';

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  // Get Started. The body's user and institute are ignored: the attempt is the token's user's.
  app.post<{ Params: P; Body: { exam: string } }>('/create/:userId', {
    preValidation: [student, self],
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
    const { attempt, resumed } = await startAttempt(db, app.config, request.user, request.body.exam, now);
    return { ...toAttemptJson(attempt, now), resumed };
  });

  app.put<{ Params: P & { reportId: string }; Body: { result: string } }>('/update/:reportId/:userId', {
    preValidation: [student, self],
    schema: { params: ids('reportId'), body: { type: 'object', additionalProperties: false, required: ['result'], properties: { result: id } } },
  }, async (request) => linkResult(db, request.user.id, request.params.reportId, request.body.result));

  // The attempts of a day, with their results: an admin's of everyone, an institute's of its students.
  // ?left=true: only the attempts with records of leaving the exam
  app.get<Paged<{ date?: string; to?: string; left?: boolean }>>('/date/:userId', {
    config: { heavyRead: true },
    preValidation: [self, backOffice],
    schema: pagedQuery({ date: str(40), to: str(40), left: { type: 'boolean' } }),
  }, async (request, reply) => sendPage(reply, await dayReport(db, request.user, request.query)));

  // Institutes with their attempts in the period: the object keeps its shape, `reports` is one page (most first).
  app.get<Paged<{ startDate?: string; endDate?: string }>>('/getReport/:userId', {
    config: { heavyRead: true },
    preValidation: [self, admin],
    schema: pagedQuery({ startDate: str(40), endDate: str(40) }),
  }, async (request, reply) => {
    const { startDate, endDate } = request.query;
    const reports = sendPage(reply, await instituteReport(db, request.user, request.query));
    return { startDate: startDate ?? '', endDate: endDate ?? '', reports };
  });
}
