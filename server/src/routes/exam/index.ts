/** /api/exam: "Who can see this exam?" (admin): opening a private exam to an institute and closing it (../../authoring/sharing.ts). */
import type { FastifyInstance } from 'fastify';
import { grantExam, revokeExam } from '../../authoring/sharing.ts';
import { admin, backOffice, self } from '../guards.ts';
import type { P } from '../schemas.ts';

export async function examSharingRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', backOffice);
  app.addHook('preValidation', self);
  app.addHook('preValidation', admin);

  app.put<{ Params: P & { examId: string } }>('/addInstituteAccess/:examId/:userId', async (request) =>
    grantExam(app.db, request.params.examId, request.body));

  app.put<{ Params: P & { examId: string } }>('/removeInstituteAccess/:examId/:userId', async (request) =>
    revokeExam(app.db, request.params.examId, request.body));
}
