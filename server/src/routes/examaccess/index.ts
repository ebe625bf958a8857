/**
 * /api/examaccess: a student's exam access (the User Access dialog: ../../people/access.ts) and the count a student's
 * start reports (../../attempts/attempts.ts).
 */
import type { FastifyInstance } from 'fastify';
import { accessOf, setAccess, type AccessBody } from '../../people/access.ts';
import { idProp, nullableStr, str } from '../../people/validate.ts';
import { accessCounts } from '../../attempts/attempts.ts';
import { extraTimeOf, setExtraTime } from '../../people/extra-time.ts';
import type { ExtraTimeInput } from 'shared-api/types';
import { backOffice, self, student } from '../guards.ts';
import { body, ids, type P } from '../schemas.ts';

const timesProp = { type: ['integer', 'null'], minimum: 0, maximum: 100000 };

export async function examAccessRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{ Params: P; Querystring: { id?: string } }>('/:userId', {
    preValidation: self,
    schema: { querystring: { type: 'object', properties: { id: idProp } } },
  }, async (request) => accessOf(db, request.user, request.query.id));

  app.post<{ Params: P; Body: AccessBody }>('/create/:userId', {
    preValidation: [self, backOffice],
    schema: {
      body: body({
        user: idProp,
        type: str(40),
        startTime: nullableStr(40),
        endTime: nullableStr(40),
        total_times: timesProp,
        exams: { type: 'array', maxItems: 500, items: { type: 'object', properties: { exam: nullableStr(64), total_times: timesProp } } },
      }, ['user']),
    },
  }, async (request) => setAccess(db, request.user, request.body));

  // A student's extra time: the back office reads any student it may read (?id), a student its own (start page).
  app.get<{ Params: P; Querystring: { id?: string } }>('/extratime/:userId', {
    preValidation: self,
    schema: { querystring: { type: 'object', properties: { id: idProp } } },
  }, async (request) => extraTimeOf(db, request.user, request.query.id, app.config.examDurationSeconds));

  app.put<{ Params: P; Body: ExtraTimeInput }>('/extratime/:userId', {
    preValidation: [self, backOffice],
    schema: {
      body: body({
        user: idProp,
        kind: { type: 'string', enum: ['none', 'percent', 'minutes'] },
        value: { type: ['number', 'null'] },
      }, ['user', 'kind']),
    },
  }, async (request) => setExtraTime(db, request.user, request.body, app.config.examDurationSeconds));

  // Kept for the spec's flow. Idempotent: the attempt was already counted by reports/create (in the same transaction
  // that created it), so this only reports the counts of the access record for that exam.
  app.put<{ Params: P & { examId: string } }>('/increaseCount/:examId/:userId', {
    preValidation: [student, self],
    schema: { params: ids('examId') },
  }, async (request) => accessCounts(db, request.user, request.params.examId));
}
