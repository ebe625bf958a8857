/** Entry point: config → database (lock) → migrations → JWT secret → seed → app → listen. */
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { resolveJwtSecret } from './auth/secret.ts';
import { demoLoginLines, seedDatabase } from './seed/index.ts';
import { buildApp } from './app.ts';
import { startExpirySweeper } from './attempts/sweeper.ts';
import { warmUpBatchers } from './attempts/batcher.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(`Configuration error: ${(err as Error).message}`);
    process.exit(1);
  }

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  try {
    let adopted: string[] = [];
    const applied = await migrate(database, undefined, (tags) => { adopted = tags; });
    config.jwtSecret = await resolveJwtSecret(config, database);
    const app = await buildApp({ config, database });
    if (adopted.length) app.log.info(`Database set up by the earlier migrator: recorded ${adopted.join(', ')} as applied`);
    if (applied.length) app.log.info(`Applied migrations: ${applied.join(', ')}`);
    const seeded = await seedDatabase(database, config, {
      log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
    });
    if (config.seed === 'demo') {
      app.log.info(`Demo logins${seeded.seeded === 'demo' ? ' (just created)' : ''}:\n${demoLoginLines().join('\n')}`);
    }

    let stopSweeper: () => Promise<void> = async () => {};
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} received, closing`);
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      try {
        await stopSweeper();
        await app.close();
      } finally {
        await database.close();
      }
      process.exit(0);
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    // the submit batch's statements once on no rows (rolled back): the first exam-end burst does not pay their
    // first-use cost (catalog caches, relation files, plans)
    await warmUpBatchers(app.db, database.kind).catch((err: unknown) => app.log.warn(`warm-up skipped: ${(err as Error).message}`));
    // A class opening the exam together opens thousands of connections at once (six per browser): Node's default
    // accept queue (511) overflows while the event loop is busy, and a connection the kernel gave up on is reset
    // when its request arrives (ECONNRESET). The kernel caps the queue at net.core.somaxconn.
    await app.listen({ port: config.port, host: config.host, backlog: 4096 });
    // Closes attempts left open past deadline + grace (tab closed, connection lost) from their saved answers.
    stopSweeper = startExpirySweeper(app.db, {
      everySeconds: config.examSweepSeconds,
      graceSeconds: config.examGraceSeconds,
      log: { info: (m) => app.log.info(m), error: (o, m) => app.log.error(o, m) },
    });
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    app.log.info(`Server ready at http://${shownHost}:${config.port} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`);
  } catch (err) {
    console.error(`Start-up failed: ${(err as Error).stack ?? String(err)}`);
    await database.close().catch(() => {});
    process.exit(1);
  }
}

void main();
