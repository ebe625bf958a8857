/** GET /api/users/getUserInfo/:userId and GET /api/users/getInstituteInfo/:id */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { authenticate, ROLES } from '../auth/index.ts';
import { HttpError } from '../errors.ts';
import { toInstituteJson, toUserInfoJson } from '../serializers.ts';

export async function userInfoRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', authenticate);

  app.get<{ Params: { userId: string } }>('/getUserInfo/:userId', async (request) => {
    const me = request.user;
    const [target] = await app.db.select().from(users)
      .where(and(eq(users.id, request.params.userId), isNull(users.deletedAt))).limit(1);
    if (!target) throw new HttpError(404, 'User Not Found');
    const allowed = target.id === me.id
      || me.role === ROLES.admin
      || (me.role === ROLES.institute && target.createdBy === me.id);
    if (!allowed) throw new HttpError(403, 'Forbidden');
    return toUserInfoJson(target);
  });

  app.get<{ Params: { id: string } }>('/getInstituteInfo/:id', async (request) => {
    const me = request.user;
    const id = request.params.id;
    const allowed = me.role === ROLES.admin
      || (me.role === ROLES.institute && me.id === id)
      || (me.role === ROLES.student && me.createdBy === id);
    if (!allowed) throw new HttpError(403, 'Forbidden');
    const [inst] = await app.db.select().from(users)
      .where(and(eq(users.id, id), eq(users.role, ROLES.institute), isNull(users.deletedAt))).limit(1);
    if (!inst) throw new HttpError(404, 'Institute Not Found');
    return toInstituteJson(inst);
  });
}
