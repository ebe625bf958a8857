/**
 * Exam transfer between deployments (spec: /transferexam, POST exams/transferexam/{currentUserId}).
 * - POST exams/transfer/list/:userId {url, userId, token}: the other site's exam list, fetched by this server (the
 *   page's Content-Security-Policy keeps the browser on its own origin; a POST keeps the token out of access logs).
 * - POST exams/transferexam/:userId {exam, url, token, userId}: copies that exam here (see transfer/copy.ts).
 * - Cross-origin reads: GET exams/admin/* and questions/* (authoring routes) answer other origins' preflights, and
 *   their answers carry Access-Control-Allow-Origin when the request presented a valid admin token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Exam as ExamJson } from 'shared-api/types';
import { authenticate, requireRole, requireSelf, ROLES } from '../auth/index.ts';
import { HttpError } from '../errors.ts';
import { examJson } from '../authoring/exams.ts';
import { fetchRemoteExams, guardOptions, remoteSite, transferExam, type RemoteExam } from '../transfer/copy.ts';
import { GuardedFetcher, TransferError } from '../transfer/guarded-fetch.ts';

export const TRANSFER_MSG = { list: 'Error Getting Exam', copy: 'Error Transfering Exam' } as const;

/** Paths (under /api) whose GET answers other origins presenting an admin token. */
const CROSS_SITE_READ = /^\/api\/(?:exams\/admin\/[^/]+|questions\/[^/]+\/[^/]+)$/;

const pre = (h: ReturnType<typeof requireRole>) => h as unknown as preValidationAsyncHookHandler;
const adminSelf = [pre(requireSelf('userId')), pre(requireRole(ROLES.admin))];

const field = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const siteProps = { url: field(2000), userId: field(100), token: field(4096) };
const listSchema = { type: 'object', required: ['url', 'userId', 'token'], additionalProperties: false, properties: siteProps } as const;
const copySchema = {
  type: 'object', required: ['exam', 'url', 'userId', 'token'], additionalProperties: false,
  properties: { ...siteProps, exam: field(100) },
} as const;

interface SiteBody { url: string; userId: string; token: string }

/** Adds Access-Control-Allow-Origin to a cross-site read that carries a valid admin token (else the browser blocks it). */
async function allowCrossSiteRead(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const origin = request.headers.origin;
  if (!origin || request.method !== 'GET' || !CROSS_SITE_READ.test(request.url.split('?')[0] ?? '')) return;
  try {
    await authenticate.call(request.server, request, reply);
  } catch {
    return; // the route's own authentication answers 401
  }
  if (request.user?.role !== ROLES.admin) return;
  reply.header('Access-Control-Allow-Origin', origin);
  reply.header('Vary', 'Origin');
}

/** A preflight of a cross-site read: the browser asks before sending the Authorization header. */
async function preflight(request: FastifyRequest, reply: FastifyReply) {
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

/** The admin's reason as the answer: 400 '<title>: <reason>'. */
function asHttpError(err: unknown, title: string): unknown {
  if (err instanceof TransferError) return new HttpError(400, `${title}: ${err.reason}`);
  return err;
}

async function transferApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', authenticate);
  const fetcher = () => new GuardedFetcher(guardOptions(app.config));

  app.post<{ Params: { userId: string }; Body: SiteBody }>('/exams/transfer/list/:userId', {
    preValidation: adminSelf,
    schema: { body: listSchema },
  }, async (req): Promise<RemoteExam[]> => {
    try {
      return await fetchRemoteExams(fetcher(), remoteSite(req.body));
    } catch (err) {
      throw asHttpError(err, TRANSFER_MSG.list);
    }
  });

  app.post<{ Params: { userId: string }; Body: SiteBody & { exam: string } }>('/exams/transferexam/:userId', {
    preValidation: adminSelf,
    schema: { body: copySchema },
  }, async (req): Promise<ExamJson> => {
    let id: string;
    try {
      id = await transferExam(app.db, req.user, fetcher(), remoteSite(req.body), req.body.exam.trim());
    } catch (err) {
      throw asHttpError(err, TRANSFER_MSG.copy);
    }
    req.log.info({ exam: id, from: req.body.url, source: req.body.exam }, 'exam transferred');
    return examJson(app.db, id);
  });
}

/**
 * Not encapsulated (skip-override): the cross-site hook must reach the authoring routes of the same /api group.
 * The transfer routes themselves live in their own encapsulated plugin, with their authentication hook.
 */
export async function transferRoutes(api: FastifyInstance): Promise<void> {
  api.addHook('onRequest', allowCrossSiteRead);
  api.options('/exams/admin/:userId', preflight);
  api.options('/questions/:examId/:userId', preflight);
  await api.register(transferApi);
}
(transferRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
