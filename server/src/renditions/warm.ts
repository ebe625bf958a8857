/**
 * `node --import tsx server/src/renditions/warm.ts <dir>`: fills a rendition cache directory (RENDITION_CACHE_DIR,
 * ./index.ts) with the renditions of the demo data's media, on a database in memory that is then dropped. `npm test`
 * runs it beside the server suites, before the e2e, so that each e2e server (seven start with the demo data) takes its
 * renditions from there instead of encoding the same files again while the browsers run. Prints what it did.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { seedDatabase } from '../seed/index.ts';
import { Renditions } from './index.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: warm.ts <rendition cache directory>');
  process.exit(2);
}
const config = loadConfig({ ...process.env, DATA_DIR: ':memory:', DATABASE_URL: '', SEED: 'demo', LOG_LEVEL: 'silent' });
const database = await openDatabase({ dataDir: ':memory:', databaseUrl: undefined });
try {
  await migrate(database);
  await seedDatabase(database, config);
  const log = { info: () => {}, warn: (o: unknown, m?: string) => console.warn(m ?? o), error: (o: unknown, m?: string) => console.error(m ?? o) };
  const renditions = new Renditions(database.db, log, { threads: config.renditionThreads, singleProcess: true, cacheDir: dir });
  renditions.kick();
  await renditions.idle();
  await renditions.close();
  console.log(`rendition cache ${dir}: ${JSON.stringify(renditions.stats)}`);
} finally {
  await database.close();
}
