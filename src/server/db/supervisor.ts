import type { Exit, Postmaster, StopTimes } from './postmaster';

export interface RestartDelays {
  /** Before the first attempt after a crash; each failed attempt doubles it, up to `maxMs`. */
  minMs: number;
  maxMs: number;
  /** A server that ran this long before it stopped starts again after `minMs`, not after the last delay. */
  stableMs: number;
}

export const RESTART_DELAYS: RestartDelays = { minMs: 250, maxMs: 5_000, stableMs: 30_000 };

export interface Supervised {
  /** The server running now, or null between an unexpected stop and its restart. */
  current(): Postmaster | null;
  /** Stops restarting, waits for a start under way, then stops the server. */
  stop(times: StopTimes): Promise<void>;
}

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

const how = (exit: Exit) => (exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`);

/**
 * Keeps the embedded PostgreSQL running (docs/decisions/0077): when it stops without being asked
 * (killed, out of memory, a crash), it is started again with backoff, one log line per attempt.
 */
export function supervise(first: Postmaster, start: () => Promise<Postmaster>, log: Log, delays: RestartDelays = RESTART_DELAYS): Supervised {
  let current: Postmaster | null = null;
  let startedAt = 0;
  let delay = delays.minMs;
  let timer: NodeJS.Timeout | null = null;
  let starting: Promise<void> | null = null;
  let stopping = false;

  function run(server: Postmaster): void {
    current = server;
    startedAt = Date.now();
    void server.exited.then((exit) => {
      if (stopping || current !== server) return;
      current = null;
      if (Date.now() - startedAt >= delays.stableMs) delay = delays.minMs;
      log.warn(`The embedded PostgreSQL stopped unexpectedly (${how(exit)}); starting it again in ${delay} ms`);
      retryLater(1);
    });
  }

  function retryLater(attempt: number): void {
    timer = setTimeout(() => {
      timer = null;
      starting = attemptStart(attempt).finally(() => (starting = null));
    }, delay);
    timer.unref();
  }

  async function attemptStart(attempt: number): Promise<void> {
    try {
      const server = await start();
      run(server);
      log.info(`The embedded PostgreSQL is running again (attempt ${attempt}, pid ${server.pid})`);
    } catch (err) {
      delay = Math.min(delay * 2, delays.maxMs);
      const why = err instanceof Error ? err.message : String(err);
      log.warn(`Starting the embedded PostgreSQL again failed (attempt ${attempt}): ${why}; next attempt in ${delay} ms`);
      if (!stopping) retryLater(attempt + 1);
    }
  }

  run(first);
  return {
    current: () => current,
    async stop(times) {
      stopping = true;
      if (timer) clearTimeout(timer);
      await starting;
      await current?.stop(times);
    },
  };
}
