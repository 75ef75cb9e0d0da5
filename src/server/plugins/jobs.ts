import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createScheduler, type Scheduler } from '../jobs/scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs, each run once across instances (docs/decisions/0085): `app.jobs.add({ name, everyMs, run })`. */
    jobs: Scheduler;
  }
}

/** The scheduler of background jobs: started when the app is ready, stopped (a run under way finished) when it closes. */
export default fp(
  async function jobsPlugin(app: FastifyInstance) {
    // The lock of a job is held by its session: never through a transaction pooler.
    const jobs = createScheduler({ pool: app.sessionPool, log: app.log });
    app.decorate('jobs', jobs);
    app.metrics.gauge({
      name: 'job_seconds_since_last_start',
      help: 'Seconds since each background job last started, on any instance',
      label: 'job',
      read: async () => {
        const { rows } = await app.pool.query<{ name: string; age: number }>('SELECT name, extract(epoch FROM now() - started_at)::float8 AS age FROM job_runs');
        return Object.fromEntries(rows.map((r) => [r.name, r.age]));
      },
    });
    app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', async () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['metrics'] },
);
