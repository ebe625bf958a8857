/**
 * Every /api route, one folder per URL prefix: `/api/<prefix>/...` is declared in `./<prefix>/index.ts`, which holds
 * the request schemas and calls the domain modules (../access, ../attempts, ../authoring, ../people, ../transfer).
 * Health, sign-in and the preflights of cross-site reads need no token; every other route verifies it first (the one
 * authenticate hook below), then checks role and ownership in preValidation hooks (./guards.ts): one per folder where
 * every route of the prefix has the same rule, per route where they differ.
 */
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/index.ts';
import { crossSitePreflight } from '../transfer/cross-site.ts';
import { healthRoutes } from './health/index.ts';
import { authRoutes } from './auth/index.ts';
import { userRoutes } from './users/index.ts';
import { statsRoutes } from './stats/index.ts';
import { examRoutes } from './exams/index.ts';
import { examSharingRoutes } from './exam/index.ts';
import { questionRoutes } from './questions/index.ts';
import { uploadRoutes } from './upload-file/index.ts';
import { categoryRoutes } from './categories/index.ts';
import { examAccessRoutes } from './examaccess/index.ts';
import { attemptRoutes } from './attempts/index.ts';
import { resultRoutes } from './results/index.ts';
import { reportRoutes } from './reports/index.ts';

export async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(healthRoutes, { prefix: '/health' });
  await api.register(authRoutes, { prefix: '/auth' });
  // another deployment's exam transfer reads these two lists across origins; a preflight carries no token
  api.options('/exams/admin/:userId', crossSitePreflight);
  api.options('/questions/:examId/:userId', crossSitePreflight);

  await api.register(async (signedIn) => {
    signedIn.addHook('onRequest', authenticate);
    await signedIn.register(userRoutes, { prefix: '/users' });
    await signedIn.register(statsRoutes, { prefix: '/stats' });
    await signedIn.register(examRoutes, { prefix: '/exams' });
    await signedIn.register(examSharingRoutes, { prefix: '/exam' });
    await signedIn.register(questionRoutes, { prefix: '/questions' });
    await signedIn.register(uploadRoutes, { prefix: '/upload-file' });
    await signedIn.register(categoryRoutes, { prefix: '/categories' });
    await signedIn.register(examAccessRoutes, { prefix: '/examaccess' });
    await signedIn.register(attemptRoutes, { prefix: '/attempts' });
    await signedIn.register(resultRoutes, { prefix: '/results' });
    await signedIn.register(reportRoutes, { prefix: '/reports' });
  });
}
