import type pg from 'pg';
import { isDatabaseUnavailable, warnUnlessUnavailable } from '../db/availability';

/** Work that runs every `everyMs`, once across all instances (docs/decisions/0085). */
export interface Job {
  /** Unique; the row of `job_runs` and the advisory lock are named after it. */
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/** The first number of the two-number advisory locks of jobs (the second is hashtext(name)). */
export const JOBS_LOCK_SPACE = 7_210_522;

export interface Scheduler {
  add(job: Job): void;
  /**
   * Runs each added job that is due and that no other instance holds, one at a time; the names of
   * those it ran. The timers call it; tests call it to decide when.
   */
  runDue(): Promise<string[]>;
  /** Starts looking every `checkEveryMs` (and once soon after the start). */
  start(): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * Background jobs under advisory locks and a schedule kept in PostgreSQL (`job_runs`):
 * every instance looks for due jobs now and then; for each it takes the job's advisory lock
 * (never blocking: an instance running it already keeps it), then claims the run with one
 * conditional upsert that succeeds only when the last start is at least `everyMs` ago. So a job
 * runs once per period whatever the number of instances, never twice at the same time, and
 * after a restart it picks up the schedule where it was. A failed run is logged and kept in
 * `last_error`; it is tried again after its period (every job here is a sweep that can wait).
 */
export function createScheduler(deps: { pool: pg.Pool; log: Log; checkEveryMs?: number }): Scheduler {
  const jobs = new Map<string, Job>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<string[]> | null = null;

  async function tryRun(job: Job): Promise<boolean> {
    const client = await deps.pool.connect();
    let locked = false;
    try {
      const lock = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS got', [JOBS_LOCK_SPACE, job.name]);
      locked = lock.rows[0]!.got;
      if (!locked) return false;
      const claim = await client.query(
        `INSERT INTO job_runs (name, started_at) VALUES ($1, now())
         ON CONFLICT (name) DO UPDATE SET started_at = now()
         WHERE job_runs.started_at <= now() - make_interval(secs => $2::float8 / 1000)`,
        [job.name, job.everyMs],
      );
      if (claim.rowCount === 0) return false;
      let error: string | null = null;
      try {
        await job.run();
      } catch (err) {
        // The database went away under the job: the health monitor logs the outage once
        // (docs/decisions/0077), and the pass stops, as nothing more can be done or recorded.
        if (isDatabaseUnavailable(err)) throw err;
        error = err instanceof Error ? err.message : String(err);
        deps.log.warn({ err, job: job.name }, 'a background job failed; it runs again after its period');
      }
      await client.query('UPDATE job_runs SET finished_at = now(), runs = runs + 1, last_error = $2 WHERE name = $1', [job.name, error?.slice(0, 500) ?? null]);
      return true;
    } finally {
      if (locked) await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [JOBS_LOCK_SPACE, job.name]).catch(() => {});
      client.release();
    }
  }

  async function runAll(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs.values()) if (await tryRun(job)) ran.push(job.name);
    return ran;
  }

  const scheduler: Scheduler = {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is added twice`);
      jobs.set(job.name, job);
    },

    runDue() {
      // One pass at a time per instance; a caller during a pass waits for it.
      running ??= runAll().finally(() => (running = null));
      return running;
    },

    start() {
      const every = deps.checkEveryMs ?? 60_000;
      const tick = () => {
        scheduler.runDue().catch((err: unknown) => {
          // An outage is logged once by the health monitor (docs/decisions/0077); the next look retries.
          warnUnlessUnavailable(deps.log, err, {}, 'background jobs could not be looked at');
        });
      };
      // A first look soon after the start, spread so instances started together do not collide.
      timer = setTimeout(function loop() {
        tick();
        timer = setTimeout(loop, every);
        timer.unref();
      }, 1_000 + Math.random() * 4_000);
      timer.unref();
    },

    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
  return scheduler;
}
