import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Database } from './db/client';
import { SHUTDOWN_EVENTS, takeOverSignals } from './db/embedded-postgres';

/** Requests still running get this long before their connections are closed under them. */
export const SHUTDOWN_GRACE_MS = 8_000;
/** Past this the process exits whatever is left; PostgreSQL is then asked to stop on 'exit' (db/embedded.ts). */
export const SHUTDOWN_LIMIT_MS = 12_000;

/**
 * The app's one shutdown (docs/decisions/0001), on SIGINT, SIGTERM, SIGHUP, SIGBREAK (Windows)
 * or pm2's 'shutdown' message: no new requests, those in flight answered, each keep-alive
 * connection closed as soon as it is idle, then the pool and the embedded PostgreSQL stopped.
 * A second signal exits at once.
 */
export function shutDownOnSignals(app: FastifyInstance, database: Database, log: Pick<Logger, 'info' | 'warn' | 'error'>): void {
  takeOverSignals();
  let closing = false;

  const shutdown = async (why: string) => {
    if (closing) {
      log.warn(`${why} received again, stopping now`);
      process.exit(1);
    }
    closing = true;
    log.info(`${why} received, shutting down (again to stop at once)`);
    // server.close() closes the connections idle at that moment only; the others as they go idle.
    setInterval(() => app.server.closeIdleConnections(), 100);
    setTimeout(() => {
      log.warn(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    setTimeout(() => {
      log.error(`Shutdown not finished after ${SHUTDOWN_LIMIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    try {
      await app.close();
      await database.close();
    } catch (err) {
      log.error({ err }, 'Shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };

  for (const event of SHUTDOWN_EVENTS) {
    if (event === 'message') process.on('message', (message) => message === 'shutdown' && void shutdown('shutdown message'));
    else process.on(event, () => void shutdown(event));
  }
}
