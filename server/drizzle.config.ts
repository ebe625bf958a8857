/**
 * drizzle-kit: `npm run db:generate -w server` writes the next migration into ./drizzle from the difference between
 * src/db/schema.ts and the last snapshot in drizzle/meta. The server applies that folder at start (src/db/migrate.ts).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
