import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When each background job last ran (docs/decisions/0085): whichever instance claims a job that
 * is due runs it, under an advisory lock; the others skip it. Kept across restarts.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  runs: integer('runs').notNull().default(0),
  lastError: text('last_error'),
});
