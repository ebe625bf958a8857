/** Builds the Fastify application (no listening): used by server.ts and by the tests. */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/index.ts';
import { apiRoutes } from './routes/index.ts';
import { registerWeb } from './web.ts';
import { mediaRoutes } from './media.ts';
import { registerApiCors, registerPlugins } from './plugins.ts';
import { assertStorable } from './input.ts';
import { HttpError } from './errors.ts';
import { msg } from 'shared-api/checks';
import { normaliseForwardedFor } from './client-address.ts';
import { RequestLogAtDebug } from './request-log.ts';
import { limitHeavyReads, readConcurrency } from './read-limit.ts';
import { attemptBatchers } from './attempts/batcher.ts';
import pLimit, { type LimitFunction } from 'p-limit';
import { Renditions } from './renditions/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    database: Database;
    /** every route as registered (method, url): the OpenAPI test, the authorization matrix and the fuzzer use it */
    routeList: { method: string; url: string }[];
    /** the back-office read limiter (./read-limit.ts) */
    heavyReads: LimitFunction;
    /** media renditions for students, made in worker threads (./renditions/) */
    renditions: Renditions;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** pass `false` to silence logs (tests); default: pino at config.logLevel */
  logger?: boolean;
}

export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  if (!config.jwtSecret) throw new Error('config.jwtSecret must be resolved before buildApp (see resolveJwtSecret)');
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel },
    logController: new RequestLogAtDebug(), // a line per request only at LOG_LEVEL debug or trace
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    // scalars are coerced (a form's "5"), arrays never: a one-item array is not taken for its item, nor an item for an array
    ajv: { customOptions: { allErrors: false, coerceTypes: true, removeAdditional: false } },
    // the router's own refusals (a URL that does not decode, a path parameter over maxParamLength) in the API's shape
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).code(status).send({ error: status === 414 ? 'URI Too Long' : 'Bad Request' });
    },
  });

  // The first hook of all. Before anything reads request.ip: each X-Forwarded-For entry is cut to its address
  // (client-address.ts). Every /api answer is personal data, never kept by a browser's or a proxy's cache (a shared
  // computer after sign-out), refusals and errors included.
  app.addHook('onRequest', async (request, reply) => {
    const forwarded = request.raw.headers['x-forwarded-for'];
    if (forwarded !== undefined) request.raw.headers['x-forwarded-for'] = normaliseForwardedFor(forwarded);
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });

  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorateRequest('user', null as never);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const first = error.validation[0];
      const field = first?.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
      const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
      const message = missing
        ? `${missing} is required`
        : first?.keyword === 'pattern' && field
          ? msg.invalid(field) // the pattern itself means nothing to the caller
          : field
          ? `${field} ${first?.message ?? 'is invalid'}`
          : `${error.validationContext ?? 'request'} ${first?.message ?? 'is invalid'}`;
      return reply.code(400).send({ error: message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if ((status >= 400 && status < 500) || status === 503) {
      const details = error instanceof HttpError ? error.details : undefined;
      return reply.code(status).send({ ...details, error: error.message || 'Bad Request' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal Server Error' });
  });

  // After authentication and validation, before any handler: a string the database cannot store (NUL, an unpaired
  // surrogate) in the path, the query or the body is the caller's 400, never a statement that fails (and in a group
  // commit batch, fails the other students' requests with it).
  app.addHook('preHandler', async (request) => {
    assertStorable({ params: request.params, query: request.query, body: request.body });
  });

  // the backfill of media stored before starts when the app is ready; close() waits for the file being encoded
  const renditions = new Renditions(database.db, app.log, {
    threads: config.renditionThreads, singleProcess: database.kind === 'pglite', cacheDir: config.renditionCacheDir,
  });
  app.decorate('renditions', renditions);
  app.addHook('onReady', async () => renditions.kick());
  app.addHook('onClose', async () => renditions.close());

  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: r.url });
  });
  app.decorate('heavyReads', pLimit(readConcurrency(database)));
  // a back-office read also waits for a lull in the exam's writes (read-limit.ts)
  const writes = attemptBatchers(database.db, database.raw.kind, config);
  limitHeavyReads(app, app.heavyReads, () => Math.min(writes.save.quietFor(), writes.submit.quietFor()));

  // external plugins first (plugins.ts), then the app's own: the API, media, the built web apps
  await registerPlugins(app, config);

  await app.register(async (api) => {
    await registerApiCors(api, config);
    await api.register(apiRoutes);
  }, { prefix: '/api' });

  await app.register(mediaRoutes);
  const web = await registerWeb(app, config);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      web.spaIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|media|remotes)(\/|$)/.test(url) &&
      (request.headers.accept ?? '').includes('text/html')
    ) {
      return web.sendIndex(reply);
    }
    return reply.code(404).send({ error: 'Not Found' });
  });

  return app;
}
