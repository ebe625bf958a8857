/** All /api routes. Each file is a route group; protected groups add `authenticate` as an onRequest hook. */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth.ts';
import { healthRoutes } from './health.ts';
import { userInfoRoutes } from './users.ts';
import { statsRoutes } from './stats.ts';
import { studentExamRoutes } from './student-exams.ts';
import { authoringRoutes } from './authoring.ts';
import { peopleRoutes } from './people.ts';
import { transferRoutes } from './transfer.ts';

export async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(healthRoutes);
  await api.register(authRoutes, { prefix: '/auth' });
  await api.register(userInfoRoutes, { prefix: '/users' });
  await api.register(statsRoutes, { prefix: '/stats' });
  // These groups declare full paths (the spec's paths overlap across groups: exams/, results/, reports/, examaccess/).
  await api.register(studentExamRoutes);
  await api.register(authoringRoutes);
  await api.register(peopleRoutes);
  await api.register(transferRoutes);
}
