/** One's own profile (name, password, picture) and what a signed-in user may read of a user or an institute. */
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { changePasswordSchema } from 'shared-api/validation';
import { UPLOAD_RULES } from 'shared-api/uploads';
import { profileSchema, userCreateSchema } from 'shared-api/schemas/people';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { users, type User } from '../db/schema.ts';
import { hashPassword, issueToken, ROLES, verifyPassword, type AuthUser } from '../auth/index.ts';
import { admitGuess, checkInTurn, passwordChangeKeys, passwordChangeThrottleMessage, recordRightGuess, recordWrongGuess } from '../auth/throttle.ts';
import { HttpError } from '../errors.ts';
import { readMultipart } from '../multipart.ts';
import { storeMedia } from '../media.ts';
import { toInstituteJson, toUserInfoJson, toUserJson } from '../serializers.ts';
import { check } from '../validate.ts';
import { checkUpload } from '../authoring/uploads.ts';
import { bumpTokenVersion, normaliseEmail } from './users.ts';
import { timeZoneName } from '../zones/index.ts';

export async function userInfo(db: Db, me: AuthUser, userId: string) {
  const [target] = await db.select().from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt))).limit(1);
  if (!target) throw new HttpError(404, 'User Not Found');
  const allowed = target.id === me.id
    || me.role === ROLES.admin
    || (me.role === ROLES.institute && target.createdBy === me.id);
  if (!allowed) throw new HttpError(403, 'Forbidden');
  return toUserInfoJson(target);
}

export async function instituteInfo(db: Db, me: AuthUser, id: string) {
  const allowed = me.role === ROLES.admin
    || (me.role === ROLES.institute && me.id === id)
    || (me.role === ROLES.student && me.createdBy === id);
  if (!allowed) throw new HttpError(403, 'Forbidden');
  const [inst] = await db.select().from(users)
    .where(and(eq(users.id, id), eq(users.role, ROLES.institute), isNull(users.deletedAt))).limit(1);
  if (!inst) throw new HttpError(404, 'Institute Not Found');
  return toInstituteJson(inst);
}

export interface ProfileBody { firstname: string; lastname: string; phone?: string; address?: string; time_zone?: string; language?: 'en' | 'ne' }

export async function updateProfile(db: Db, me: AuthUser, body: ProfileBody) {
  // the language alone (Profile's Language select): nothing else is checked or changed
  if (body.language != null && Object.keys(body).length === 1) {
    const [row] = await db.update(users).set({ language: body.language, updatedAt: new Date() }).where(eq(users.id, me.id)).returning();
    return toUserJson(row!);
  }
  const v = await check(profileSchema.concat(userCreateSchema.pick(['phone'])), body);
  const patch: Partial<User> = { firstName: v.firstname, lastName: v.lastname ?? '', updatedAt: new Date() };
  if (body.phone != null) patch.phone = v.phone ?? '';
  if (body.address != null) patch.address = body.address.trim();
  if (body.time_zone != null) {
    // institutes and admins count their days in their own zone; a student's is its institute's
    if (me.role === ROLES.student) throw new HttpError(400, 'A student\'s time zone is its institute\'s');
    const zone = timeZoneName(body.time_zone);
    if (!zone) throw new HttpError(400, 'Invalid Time Zone');
    patch.timeZone = zone;
  }
  if (body.language != null) patch.language = body.language;
  const [row] = await db.update(users).set(patch).where(eq(users.id, me.id)).returning();
  return toUserJson(row!);
}

export interface ChangePasswordBody { email?: string; password: string; newPassword: string; confirmPassword: string }

/** The new password ends every earlier token; this session continues with the token returned. */
export async function changePassword(db: Db, config: Config, me: AuthUser, body: ChangePasswordBody, ip: string): Promise<{ token: string }> {
  const v = await check(changePasswordSchema, body);
  if (me.authType === 'google') throw new HttpError(400, 'Google accounts have no password to change');
  if (body.email && normaliseEmail(body.email) !== normaliseEmail(me.email)) throw new HttpError(400, 'Email does not match your account');
  // a stolen token must not become a way to guess the password: throttled like sign-in, under its own pair key
  const keys = passwordChangeKeys(me.id, ip);
  await checkInTurn(keys, async () => {
    const wait = await admitGuess(db, keys);
    if (wait > 0) throw new HttpError(429, passwordChangeThrottleMessage(wait));
    const [row] = await db.select().from(users).where(eq(users.id, me.id)).limit(1);
    if (!row || !(await verifyPassword(v.password, row.passwordHash))) {
      await recordWrongGuess(db, keys);
      throw new HttpError(400, 'Current password is incorrect');
    }
    await recordRightGuess(db, keys);
  });
  const passwordHash = await hashPassword(v.newPassword);
  const [updated] = await db.update(users)
    .set({ passwordHash, tokenVersion: bumpTokenVersion, updatedAt: new Date() })
    .where(eq(users.id, me.id)).returning();
  return { token: issueToken(updated!, config.jwtSecret!, config.jwtExpiresIn) };
}

/** The multipart `image` of the request becomes the signed-in user's picture (checked by content: the 'picture' rules). */
export async function changePicture(db: Db, request: FastifyRequest): Promise<{ image: string }> {
  const { file } = await readMultipart(request, { fileField: 'image', maxBytes: UPLOAD_RULES.picture.maxBytes, badBody: 'Image cannot be empty.' });
  if (!file || file.data.length === 0) throw new HttpError(400, 'Image cannot be empty.');
  const checked = checkUpload('picture', file.data, file.data.length, file.truncated);
  if ('error' in checked) throw new HttpError(400, checked.error);
  const url = await storeMedia(db, file.data, checked.ok.mime, checked.ok.ext, request.user.id);
  await db.update(users).set({ image: url, updatedAt: new Date() }).where(eq(users.id, request.user.id));
  return { image: url };
}
