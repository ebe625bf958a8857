/**
 * The external Fastify plugins and their settings, in one place: security headers (@fastify/helmet), the per-client request budget (@fastify/rate-limit: request-budget.ts), multipart bodies
 * (@fastify/multipart), the OpenAPI description and its UI (@fastify/swagger, @fastify/swagger-ui), CORS for the API
 * (@fastify/cors). app.ts registers them before the app's own routes; @fastify/static serves the built apps from
 * web.ts, one registration per app found on disk.
 */
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.ts';
import { cspDirectives } from './security.ts';
import { registerRequestBudget } from './request-budget.ts';
import { TOTAL_COUNT_HEADER } from 'shared-api/constants';

/** the largest multipart file part: an audio upload (1 MB) with room for its headers */
export const MAX_UPLOAD_BYTES = 1024 * 1024 + 64 * 1024;

/** Every plugin of the whole server: registered before any route (the OpenAPI description must see them all). */
export async function registerPlugins(app: FastifyInstance, config: Config): Promise<void> {
  // the per-client budget first of all: a flood is answered with 429s before any other hook's work
  await registerRequestBudget(app, config);

  // The policy of security.ts, without what would break this app: no upgrade-insecure-requests and no HSTS (an
  // institute may serve plain HTTP on its own network: TLS is nginx's job, docs in README), no
  // Cross-Origin-Resource-Policy (remotes and media are loaded by shells on other origins).
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    strictTransportSecurity: false,
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
  // Permissions-Policy is not one of helmet's headers.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  });

  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 50, fieldSize: 1024 * 1024 },
  });

  // OpenAPI at /api/docs (UI) and /api/docs/json, generated from the JSON schemas that validate the requests.
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'EPS-TOPIK Mock Exam API',
        version: '1.0.0',
        description: 'Most paths end with the acting user\'s id, which must be the signed-in user. Errors are { "error": "..." }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/** CORS for the API only (CORS_ORIGINS), registered inside its /api scope: media and the apps set their own headers. */
export async function registerApiCors(api: FastifyInstance, config: Config): Promise<void> {
  if (config.corsOrigins.length === 0) return;
  await api.register(cors, {
    origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization'],
    exposedHeaders: [TOTAL_COUNT_HEADER],
    maxAge: 600,
  });
}
