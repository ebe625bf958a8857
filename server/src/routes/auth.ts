/** POST /api/auth/signin */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/password.ts';
import { issueToken, ROLES } from '../auth/index.ts';
import { HttpError } from '../errors.ts';
import { admitGuess, recordRightGuess, recordWrongGuess, signinKeys, throttleMessage } from '../auth/throttle.ts';
import { toInstituteJson, toUserJson } from '../serializers.ts';
import type { SigninResponse } from 'shared-api/types';

export const DISABLED_MESSAGE = 'Your account is disabled. Contact your institute.';

export async function findActiveUserByEmail(app: FastifyInstance, email: string) {
  const [row] = await app.db.select().from(users)
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { email: string; password: string } }>('/signin', {
    schema: {
      body: {
        type: 'object',
        required: ['email', 'password'],
        properties: {
          email: { type: 'string', format: 'email', maxLength: 254 },
          password: { type: 'string', minLength: 1, maxLength: 1024 },
        },
      },
    },
  }, async (request): Promise<SigninResponse> => {
    const { email, password } = request.body;
    const keys = signinKeys(email, request.ip);
    const wait = await admitGuess(app.db, keys);
    if (wait > 0) throw new HttpError(429, throttleMessage(wait));
    const fail = async () => {
      await recordWrongGuess(app.db, keys);
      return new HttpError(401, 'Invalid Credentials');
    };
    const row = await findActiveUserByEmail(app, email);
    if (!row) {
      await verifyPassword(password, await dummyPasswordHash()); // same timing as a wrong password
      throw await fail();
    }
    if (!(await verifyPassword(password, row.passwordHash))) throw await fail();
    await recordRightGuess(app.db, keys);
    if (row.status !== 1) throw new HttpError(403, DISABLED_MESSAGE);

    let institute: SigninResponse['institute'] = null;
    if (row.createdBy) {
      const [inst] = await app.db.select().from(users)
        .where(and(eq(users.id, row.createdBy), eq(users.role, ROLES.institute), isNull(users.deletedAt)))
        .limit(1);
      if (inst) institute = toInstituteJson(inst);
    }
    const token = issueToken(row, app.config.jwtSecret!, app.config.jwtExpiresIn);
    return { user: toUserJson(row), token, institute };
  });
}
