/** GET /api/health: the database answers. No token. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/', { prefixTrailingSlash: 'no-slash' }, async () => {
    await app.db.execute(sql`select 1`);
    return { ok: true, db: app.database.kind };
  });
}
