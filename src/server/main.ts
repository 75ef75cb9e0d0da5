import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { MissingExtensionsError, runMigrations } from './db/migrate';
import { DataDirInUseError } from './db/cluster-owner';
import { buildApp } from './app';
import { shutDownOnSignals } from './shutdown';
import { trackConnections } from './drain';
import { DEMO_POST_COUNT } from './modules/demo/generate';
import { loadDemoDataOnce } from './modules/demo/load';

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
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, databaseDirectUrl: config.DATABASE_DIRECT_URL, dataDir: config.DATA_DIR }, {
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
  try {
    await runMigrations(database.sessionPool);
  } catch (err) {
    if (err instanceof MissingExtensionsError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // A first start on the embedded database shows a few demo posts (docs/decisions/0033).
  if (config.DEMO_DATA === 'on' && database.embedded && (await loadDemoDataOnce(database.pool)) === 'loaded') {
    log.info(`Loaded ${DEMO_POST_COUNT} demo posts by "Demo neighbour" into the empty database (DEMO_DATA=off skips this).`);
  }
  const app = await buildApp({ config, database });

  shutDownOnSignals(app, trackConnections(app.server), database, log);

  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  log.info(`Ready on http://${shown}:${config.PORT} (database: ${database.embedded ? `embedded, ${config.DATA_DIR}/pg` : 'DATABASE_URL'})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
