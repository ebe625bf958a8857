/** GET /api/stats/:userId: the counts of each role's dashboard (./counts.ts). */
import type { FastifyInstance } from 'fastify';
import { self } from '../guards.ts';
import { dashboardCounts } from './counts.ts';

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { userId: string } }>('/:userId', { preValidation: self }, async (request) =>
    dashboardCounts(app.db, request.user));
}
