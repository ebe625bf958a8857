import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/index.ts';

export async function authoringRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', authenticate);
}
