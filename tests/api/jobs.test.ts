import { setTimeout as sleep } from 'node:timers/promises';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createScheduler, type Job, type Scheduler } from '../../src/server/jobs/scheduler';
import { useTestApps, type TestContext } from './helpers';

/** Three instances on one database, as behind a load balancer. */
const instances = useTestApps(3);
const quiet = { warn: () => {} };

function schedulersWith(job: (instance: number) => Job, on: TestContext[] = instances): Scheduler[] {
  return on.map((ctx, i) => {
    const scheduler = createScheduler({ pool: ctx.database.pool, log: quiet });
    scheduler.add(job(i));
    return scheduler;
  });
}

const lastRun = async (name: string) =>
  (
    await instances[0]!.database.pool.query<{ runs: number; last_error: string | null }>(
      'SELECT runs, last_error FROM job_runs WHERE name = $1',
      [name],
    )
  ).rows[0];
const age = (name: string, seconds: number) =>
  instances[0]!.database.pool.query(
    `UPDATE job_runs SET started_at = now() - make_interval(secs => $2) WHERE name = $1`,
    [name, seconds],
  );

describe('background jobs across three instances', () => {
  it('run once per period, whichever instances look and however often', async () => {
    const ran: number[] = [];
    const schedulers = schedulersWith((i) => ({
      name: 'once',
      everyMs: 60_000,
      run: async () => {
        ran.push(i);
        await sleep(50);
      },
    }));
    for (let round = 0; round < 4; round += 1) await Promise.all(schedulers.map((s) => s.runDue()));
    expect(ran).toHaveLength(1);

    await age('once', 61);
    for (let round = 0; round < 4; round += 1) await Promise.all(schedulers.map((s) => s.runDue()));
    expect(ran).toHaveLength(2);
    expect(await lastRun('once')).toEqual({ runs: 2, last_error: null });
  });

  it('never run twice at the same time, even when a run takes longer than the period', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let runs = 0;
    const [first, second] = schedulersWith(() => ({
      name: 'slow',
      everyMs: 1,
      run: async () => {
        runs += 1;
        started();
        await held;
      },
    }));
    const firstPass = first!.runDue();
    await running;
    await sleep(20);
    expect(await second!.runDue()).toEqual([]);
    finish();
    expect(await firstPass).toEqual(['slow']);
    expect(runs).toBe(1);
  });

  it('keep their schedule across a restart: a new instance does not run what ran within the period', async () => {
    let runs = 0;
    const job = () => ({ name: 'restart', everyMs: 60_000, run: async () => void (runs += 1) });
    const [before] = schedulersWith(job, instances.slice(0, 1));
    expect(await before!.runDue()).toEqual(['restart']);
    const [restarted] = schedulersWith(job, instances.slice(1, 2));
    expect(await restarted!.runDue()).toEqual([]);
    await age('restart', 61);
    expect(await restarted!.runDue()).toEqual(['restart']);
    expect(runs).toBe(2);
  });

  it('keep the error of a failed run, and run it again after its period', async () => {
    let fail = true;
    const [scheduler] = schedulersWith(() => ({
      name: 'failing',
      everyMs: 60_000,
      run: async () => {
        if (fail) throw new Error('mail server away');
      },
    }));
    expect(await scheduler!.runDue()).toEqual(['failing']);
    expect(await lastRun('failing')).toEqual({ runs: 1, last_error: 'mail server away' });
    fail = false;
    await age('failing', 61);
    expect(await scheduler!.runDue()).toEqual(['failing']);
    expect(await lastRun('failing')).toEqual({ runs: 2, last_error: null });
  });

  it('log nothing of a run cut by the database going away, which the health monitor reports once', async () => {
    const warned: string[] = [];
    const scheduler = createScheduler({ pool: instances[0]!.database.pool, log: { warn: (_obj, msg) => warned.push(msg) } });
    const reset = Object.assign(new Error('connect ECONNRESET 127.0.0.1:5432'), { code: 'ECONNRESET' });
    scheduler.add({ name: 'cut', everyMs: 60_000, run: () => Promise.reject(new DrizzleQueryError('DELETE FROM rate_limits', [], reset)) });
    await expect(scheduler.runDue()).rejects.toThrow(DrizzleQueryError);
    expect(warned).toEqual([]);
    expect(await lastRun('cut')).toEqual({ runs: 0, last_error: null });
  });

  it("include the app's sweeps, each run once by the three apps", async () => {
    for (let round = 0; round < 3; round += 1)
      await Promise.all(instances.map(({ app }) => app.jobs.runDue()));
    const { rows } = await instances[0]!.database.pool.query<{ name: string; runs: number }>(
      `SELECT name, runs FROM job_runs WHERE name NOT IN ('once', 'slow', 'restart', 'failing', 'cut') ORDER BY name`,
    );
    expect(rows).toEqual(
      [
        'campaign-visit-marks',
        'home-figures',
        'outbox-sent-old',
        'password-links-old',
        'photo-files-unnamed',
        'preview-views-old',
        'rate-limits-ended',
        'referral-networks-old',
        'sessions-expired',
        'suspensions-ended',
      ].map((name) => ({
        name,
        runs: 1,
      })),
    );
  });
});
