/** /api/upload-file: a question's image or audio, uploaded to an exam the caller may write (../../authoring/upload.ts). */
import type { FastifyInstance } from 'fastify';
import { uploadExamFile } from '../../authoring/upload.ts';
import { backOffice, self } from '../guards.ts';
import type { P } from '../schemas.ts';

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', backOffice);
  app.addHook('preValidation', self);
  app.post<{ Params: P & { examId: string } }>('/:examId/:userId', async (request) => {
    const uploaded = await uploadExamFile(app.db, request, request.params.examId);
    app.renditions.kick(); // its rendition is made in the background (../../renditions/); the author gets the original
    return uploaded;
  });
}
