import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase, runMigrations, type Database } from './db/client';
import { DataDirInUseError } from './db/embedded';
import { buildApp } from './app';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL });
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, {
      info: (m) => log.info(m),
      warn: (m) => log.warn(m),
    });
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await runMigrations(database.db);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  log.info(`Ready on http://${shown}:${config.PORT} (database: ${database.embedded ? `embedded, ${config.DATA_DIR}/pg` : 'DATABASE_URL'})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
