import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from './db/client';
import { SHUTDOWN_EVENTS, takeOverSignals } from './db/embedded-postgres';
import type { StopTimes } from './db/postmaster';
import type { ConnectionDrain } from './drain';

/** Requests under way get this long to finish; then their connections are closed under them. */
const DRAIN_MS = 4_500;
/** Then the app's own resources (event bus, timers). */
const CLOSE_APP_MS = 500;
/**
 * Then the pool (at most 1 s, db/client.ts) and the embedded PostgreSQL last: fast shutdown, then
 * immediate (nothing committed is lost: the next start replays the WAL). In all at most 8 s, the
 * database alive or dead, and the process exits 0.
 */
const DATABASE_STOP: StopTimes = { fastMs: 1_500, immediateMs: 500 };
/** Only a shutdown that hangs where nothing should reaches this: it exits 1 whatever is left. */
const LIMIT_MS = 10_000;
/**
 * A signal again this soon is the first one relayed, not a person's second: Ctrl+C under
 * `npm start` reaches npm and the app together, and npm passes its copy on a few milliseconds
 * later (a SIGTERM to the process group, the same). Taken for a second, it skipped the drain.
 */
export const RELAYED_MS = 1_000;

/** Whether `promise` settled within `ms`. */
const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true, () => true), sleep(ms, false, { ref: false })]);

/**
 * The app's one shutdown (docs/decisions/0001, 0077), on SIGINT, SIGTERM, SIGHUP, SIGBREAK
 * (Windows) or pm2's 'shutdown' message: stop listening; idle keep-alive connections close at
 * once, and every response from now on carries `Connection: close`, so a busy one closes after its
 * answer (drain.ts); requests under way finish (for up to DRAIN_MS); then the app's own resources,
 * the pool, and the embedded PostgreSQL last; exit 0 within 8 s. A second signal exits at once,
 * unless it comes within RELAYED_MS of the first: then it is the same one, relayed.
 */
export function shutDownOnSignals(
  app: FastifyInstance,
  connections: ConnectionDrain,
  database: Database,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
): void {
  takeOverSignals();
  let started: number | null = null;

  const shutdown = async (why: string) => {
    if (started !== null) {
      if (performance.now() - started < RELAYED_MS) {
        log.info(`${why} received again within ${RELAYED_MS / 1000} s: taken as the same one relayed (send it again to stop at once)`);
        return;
      }
      log.warn(`${why} received again, stopping now`);
      process.exit(1);
    }
    started = performance.now();
    log.info(`${why} received, shutting down: requests under way may finish (again to stop at once)`);
    setTimeout(() => {
      log.error(`Shutdown not finished after ${LIMIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, LIMIT_MS);
    if (!(await settledWithin(connections.start(), DRAIN_MS))) {
      log.warn(`Requests still running after ${DRAIN_MS / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }
    const closed = app.close().catch((err: unknown) => log.error({ err }, 'Closing the app failed'));
    await settledWithin(closed, CLOSE_APP_MS);
    try {
      await database.close(DATABASE_STOP);
    } catch (err) {
      log.error({ err }, 'Stopping the database failed');
      process.exit(1);
    }
    log.info(`Stopped in ${Math.round(performance.now() - started)} ms`);
    process.exit(0);
  };

  for (const event of SHUTDOWN_EVENTS) {
    if (event === 'message') process.on('message', (message) => message === 'shutdown' && void shutdown('shutdown message'));
    else process.on(event, () => void shutdown(event));
  }
  // Started over an IPC channel (`npm run cluster`'s instances, pm2): the channel closes when the
  // supervisor is gone, even killed with -9, and the app stops rather than run on unwatched; also
  // when it closed while the app was still starting, before this listener was there.
  if (process.send) {
    if (!process.connected) void shutdown('IPC disconnect (supervisor gone)');
    else process.once('disconnect', () => void shutdown('IPC disconnect (supervisor gone)'));
  }
}
