import { spawnSync } from 'node:child_process';
import type { TestContext } from './helpers';

/**
 * `npm run admin -- …` as the owner runs it, against the test's database (and its mail server and
 * the site's address when given), `input` on its standard input: its exit status and what it wrote.
 */
export const runAdmin = (ctx: TestContext, env: { SMTP_URL?: string; PUBLIC_URL?: string }, args: string[], input = '') =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, DATABASE_URL: String(ctx.database.pool.options.connectionString), ...env, LOG_LEVEL: 'silent' },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
