import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { MissingExtensionsError, runMigrations } from './db/migrate';
import { DataDirInUseError } from './db/cluster-owner';
import { buildApp } from './app';
import { shutDownOnSignals } from './shutdown';
import { trackConnections } from './drain';
import { DEMO_POST_COUNT } from './modules/demo/generate';
import { listenError } from './listen-error';
import { loadDemoDataOnce } from './modules/demo/load';
import { paymentsSummary } from './modules/payments/providers';

/** Failures whose message says all an operator needs: printed without a stack. */
const PLAIN = [ConfigError, DataDirInUseError, MissingExtensionsError];

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, databaseDirectUrl: config.DATABASE_DIRECT_URL, dataDir: config.DATA_DIR }, {
    info: (m) => log.info(m),
    warn: (m) => log.warn(m),
  });
  // A start that fails from here on stops the database it started, before the message.
  let app: FastifyInstance | undefined;
  try {
    await runMigrations(database.sessionPool);
    // A first start on the embedded database shows a few demo posts (docs/decisions/0033).
    if (config.DEMO_DATA === 'on' && database.embedded && (await loadDemoDataOnce(database.pool)) === 'loaded') {
      log.info(`Loaded ${DEMO_POST_COUNT} demo posts by "Demo neighbour" into the empty database (DEMO_DATA=off skips this).`);
    }
    app = await buildApp({ config, database });
    shutDownOnSignals(app, trackConnections(app.server), database, log);
    await app.listen({ port: config.PORT, host: config.HOST }).catch((err: unknown) => {
      throw listenError(err, config);
    });
  } catch (err) {
    await app?.close().catch(() => {});
    await database.close();
    throw err;
  }
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  log.info(`Ready on http://${shown}:${config.PORT} (database: ${database.embedded ? `embedded, ${config.DATA_DIR}/pg` : 'DATABASE_URL'})`);
  log.info(paymentsSummary(config));
}

main().catch((err: unknown) => {
  console.error(PLAIN.some((kind) => err instanceof kind) ? (err as Error).message : err);
  process.exit(1);
});
