/** All /api routes. Each file is a route group; protected groups add `authenticate` as an onRequest hook. */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth.ts';
import { healthRoutes } from './health.ts';
import { userInfoRoutes } from './users.ts';
import { statsRoutes } from './stats.ts';

export async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(healthRoutes);
  await api.register(authRoutes, { prefix: '/auth' });
  await api.register(userInfoRoutes, { prefix: '/users' });
  await api.register(statsRoutes, { prefix: '/stats' });
}
