/**
 * Cross-origin reads for exam transfer: another deployment's back office reads this one's exam list
 * (GET /api/exams/admin/:userId) and questions (GET /api/questions/:examId/:userId) with an admin token of this site.
 * Those two routes answer other origins' preflights, and their answers carry Access-Control-Allow-Origin when the
 * request presented a valid admin token (else the browser blocks the answer).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLES } from '../auth/index.ts';

/** onRequest hook of the two routes, after the token was verified. */
export async function allowCrossSiteRead(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const origin = request.headers.origin;
  if (!origin || request.method !== 'GET' || request.user?.role !== ROLES.admin) return;
  reply.header('Access-Control-Allow-Origin', origin);
  reply.header('Vary', 'Origin');
}

/** A preflight of a cross-site read: the browser asks before sending the Authorization header. */
export async function crossSitePreflight(request: FastifyRequest, reply: FastifyReply) {
  const origin = request.headers.origin;
  if (origin) {
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Methods', 'GET');
    reply.header('Access-Control-Allow-Headers', 'Authorization');
    reply.header('Access-Control-Max-Age', '600');
    reply.header('Vary', 'Origin');
  }
  return reply.code(204).send();
}
