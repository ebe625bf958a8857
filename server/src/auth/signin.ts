/** Sign-in: the password check (throttled per account and address), then the token, the user and its institute. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SigninResponse } from 'shared-api/types';
import type { Config } from '../config.ts';
import type { Db, Executor } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { toInstituteJson, toUserJson } from '../serializers.ts';
import { issueDeviceToken, trustedDevice } from './device.ts';
import { issueToken, ROLES } from './index.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import { admitGuess, checkInTurn, recordRightGuess, recordWrongGuess, signinKeys, throttleMessage } from './throttle.ts';

export const DISABLED_MESSAGE = 'Your account is disabled. Contact your institute.';

export async function findActiveUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(users)
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export interface SigninBody {
  email: string;
  password: string;
  language?: 'en' | 'ne';
  /** the device token this browser got at an earlier sign-in to this account (device.ts) */
  device?: string;
}

export async function signIn(db: Db, config: Config, { email, password, language, device }: SigninBody, ip: string): Promise<SigninResponse> {
  const keys = signinKeys(email, ip, trustedDevice(device, email, config.jwtSecret!));
  const row = await checkInTurn(keys, async () => {
    const wait = await admitGuess(db, keys);
    if (wait > 0) throw new HttpError(429, throttleMessage(wait));
    const fail = async () => {
      await recordWrongGuess(db, keys);
      return new HttpError(401, 'Invalid Credentials');
    };
    const found = await findActiveUserByEmail(db, email);
    if (!found) {
      await verifyPassword(password, await dummyPasswordHash()); // same timing as a wrong password
      throw await fail();
    }
    if (!(await verifyPassword(password, found.passwordHash))) throw await fail();
    await recordRightGuess(db, keys);
    return found;
  });
  if (row.status !== 1) throw new HttpError(403, DISABLED_MESSAGE);
  // the language chosen on the login page becomes the user's (kept for the next device)
  let user = row;
  if (language && language !== row.language) {
    [user] = await db.update(users).set({ language }).where(eq(users.id, row.id)).returning();
    user ??= row;
  }

  let institute: SigninResponse['institute'] = null;
  if (row.createdBy) {
    const [inst] = await db.select().from(users)
      .where(and(eq(users.id, row.createdBy), eq(users.role, ROLES.institute), isNull(users.deletedAt)))
      .limit(1);
    if (inst) institute = toInstituteJson(inst);
  }
  const token = issueToken(user, config.jwtSecret!, config.jwtExpiresIn);
  return { user: toUserJson(user), token, institute, device: issueDeviceToken(user.email, config.jwtSecret!) };
}
