/** POST /api/auth/signin (no token): ../../auth/signin.ts. */
import type { FastifyInstance } from 'fastify';
import type { SigninResponse } from 'shared-api/types';
import { signIn, type SigninBody } from '../../auth/signin.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: SigninBody }>('/signin', {
    schema: {
      body: {
        type: 'object',
        required: ['email', 'password'],
        properties: {
          email: { type: 'string', format: 'email', maxLength: 254 },
          password: { type: 'string', minLength: 1, maxLength: 1024 },
          // the language chosen on the login page (issue 25): kept as the user's
          language: { type: 'string', enum: ['en', 'ne'] },
          // this browser's device token from an earlier sign-in (auth/device.ts); one that does not verify is ignored
          device: { type: 'string', maxLength: 1024 },
        },
      },
    },
  }, async (request): Promise<SigninResponse> => signIn(app.db, app.config, request.body, request.ip));
}
