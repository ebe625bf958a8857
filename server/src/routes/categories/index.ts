/** /api/categories: exam categories (../../authoring/categories.ts); the back office reads them, admins change them. */
import type { FastifyInstance } from 'fastify';
import { createCategory, deleteCategory, listCategories } from '../../authoring/categories.ts';
import { admin, backOffice, self } from '../guards.ts';
import type { P } from '../schemas.ts';

export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', backOffice);
  app.addHook('preValidation', self);

  app.get<{ Params: P }>('/:userId', async () => listCategories(app.db));

  app.post<{ Params: P; Body: { title?: string } }>('/create/:userId', {
    preValidation: admin,
    schema: { body: { type: 'object', properties: { title: { type: 'string', maxLength: 1000 } } } },
  }, async (request) => createCategory(app.database, request.user, request.body));

  app.delete<{ Params: P & { categoryId: string } }>('/:categoryId/:userId', { preValidation: admin }, async (request) =>
    deleteCategory(app.db, request.params.categoryId));
}
