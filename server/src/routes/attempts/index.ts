/**
 * /api/attempts: the student's running exam, autosave and listening counts. The attempt logic is in
 * ../../attempts/; autosaves go through the group commit (../../attempts/batcher.ts), answered after the batch's COMMIT.
 */
import type { FastifyInstance } from 'fastify';
import type { ListeningPlay } from 'shared-api/types';
import { AUDIO_KEYS, recordListening, runningExam, type AnswerInput } from '../../attempts/attempts.ts';
import { attemptBatchers } from '../../attempts/batcher.ts';
import { leavesBodySchema, recordLeaves } from '../../attempts/leaves.ts';
import { self, student } from '../guards.ts';
import type { LeaveRecord } from 'shared-api/types';
import { answersSchema, id, ids, type P } from '../schemas.ts';

export async function attemptRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', student);
  app.addHook('preValidation', self);

  app.get<{ Params: P & { examId: string } }>('/running/:examId/:userId', { schema: { params: ids('examId') } }, async (request) =>
    runningExam(app.db, app.config, request.user.id, request.params.examId));

  app.put<{ Params: P & { attemptId: string }; Body: { answers: AnswerInput[] } }>('/:attemptId/answers/:userId', {
    schema: { params: ids('attemptId'), body: { type: 'object', additionalProperties: false, required: ['answers'], properties: { answers: answersSchema } } },
  }, async (request) => attemptBatchers(app.db, app.database.kind, app.config).save.add({
    studentId: request.user.id, attemptId: request.params.attemptId, answers: request.body.answers, now: new Date(),
  }));

  // one listening play, named by the device (playId): idempotent; 409 beyond the exam's play limit
  app.put<{ Params: P & { attemptId: string }; Body: ListeningPlay }>('/:attemptId/listening/:userId', {
    schema: {
      params: ids('attemptId'),
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['question', 'audio', 'playId'],
        properties: {
          question: id,
          audio: { type: 'string', enum: [...AUDIO_KEYS] },
          playId: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
        },
      },
    },
  }, async (request) =>
    recordListening(app.db, app.config, request.user.id, request.params.attemptId, request.body));

  // The record of leaving the exam page (../../attempts/leaves.ts): stored with the attempt, never shown to students.
  app.put<{ Params: P & { attemptId: string }; Body: { leaves: LeaveRecord[] } }>('/:attemptId/leaves/:userId', {
    schema: { params: ids('attemptId'), body: leavesBodySchema },
  }, async (request) => recordLeaves(app.db, app.config, request.user.id, request.params.attemptId, request.body.leaves));
}
