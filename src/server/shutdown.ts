import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from './db/client';
import { SHUTDOWN_EVENTS, takeOverSignals } from './db/embedded-postgres';
import type { StopTimes } from './db/postmaster';
import type { ConnectionDrain } from './drain';

/** The whole shutdown fits in this, the database alive or dead: then the process exits 0. */
export const SHUTDOWN_GRACE_MS = 8_000;
/** Requests under way get this long to finish; then their connections are closed under them. */
export const SHUTDOWN_DRAIN_MS = 4_500;
/**
 * The rest of the grace period is the database's: the pool (at most 1 s, db/client.ts), then the
 * embedded PostgreSQL, fast shutdown first, then immediate (nothing committed is lost: the next
 * start replays the WAL).
 */
const DATABASE_STOP: StopTimes = { fastMs: 1_500, immediateMs: 500 };
/** Only a shutdown that hangs where nothing should reaches this: it exits 1 whatever is left. */
export const SHUTDOWN_LIMIT_MS = 10_000;

/** Whether `promise` settled within `ms`. */
const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true, () => true), sleep(ms, false, { ref: false })]);

/**
 * The app's one shutdown (docs/decisions/0001, 0074), on SIGINT, SIGTERM, SIGHUP, SIGBREAK
 * (Windows) or pm2's 'shutdown' message: stop listening; idle keep-alive connections close at
 * once, and every response from now on carries `Connection: close`, so a busy one closes after its
 * answer (drain.ts); requests under way finish (for up to SHUTDOWN_DRAIN_MS); then the app's own
 * resources, the pool, and the embedded PostgreSQL last; exit 0 within SHUTDOWN_GRACE_MS. A
 * second signal exits at once.
 */
export function shutDownOnSignals(
  app: FastifyInstance,
  connections: ConnectionDrain,
  database: Database,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
): void {
  takeOverSignals();
  let closing = false;

  const shutdown = async (why: string) => {
    if (closing) {
      log.warn(`${why} received again, stopping now`);
      process.exit(1);
    }
    closing = true;
    const started = Date.now();
    log.info(`${why} received, shutting down: requests under way may finish (again to stop at once)`);
    setTimeout(() => {
      log.error(`Shutdown not finished after ${SHUTDOWN_LIMIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    if (!(await settledWithin(connections.start(), SHUTDOWN_DRAIN_MS))) {
      log.warn(`Requests still running after ${SHUTDOWN_DRAIN_MS / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }
    const closed = app.close().catch((err: unknown) => log.error({ err }, 'Closing the app failed'));
    await settledWithin(closed, 500);
    try {
      await database.close(DATABASE_STOP);
    } catch (err) {
      log.error({ err }, 'Stopping the database failed');
      process.exit(1);
    }
    log.info(`Stopped in ${Date.now() - started} ms`);
    process.exit(0);
  };

  for (const event of SHUTDOWN_EVENTS) {
    if (event === 'message') process.on('message', (message) => message === 'shutdown' && void shutdown('shutdown message'));
    else process.on(event, () => void shutdown(event));
  }
}
