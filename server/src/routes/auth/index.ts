/** POST /api/auth/signin (no token): ../../auth/signin.ts. */
import type { FastifyInstance } from 'fastify';
import type { SigninResponse } from 'shared-api/types';
import { signIn } from '../../auth/signin.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { email: string; password: string; language?: 'en' | 'ne' } }>('/signin', {
    schema: {
      body: {
        type: 'object',
        required: ['email', 'password'],
        properties: {
          email: { type: 'string', format: 'email', maxLength: 254 },
          password: { type: 'string', minLength: 1, maxLength: 1024 },
          // the language chosen on the login page (issue 25): kept as the user's
          language: { type: 'string', enum: ['en', 'ne'] },
        },
      },
    },
  }, async (request): Promise<SigninResponse> => signIn(app.db, app.config, request.body, request.ip));
}
