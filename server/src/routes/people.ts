import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/index.ts';

export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', authenticate);
}
