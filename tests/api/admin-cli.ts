import { spawn, spawnSync } from 'node:child_process';
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

const quoted = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * The same, typed on a terminal: a pseudo-terminal from util-linux's `script`, where the password
 * is asked with nothing shown. Each answer is typed once its prompt shows. Its exit status and all
 * it wrote, as the terminal shows it.
 */
export function runAdminOnTerminal(
  ctx: TestContext,
  args: string[],
  answers: Array<{ prompt: string; typed: string }>,
): Promise<{ status: number | null; output: string }> {
  const command = [process.execPath, '--import', 'tsx', 'scripts/admin.ts', ...args].map(quoted).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...process.env, DATABASE_URL: String(ctx.database.pool.options.connectionString), LOG_LEVEL: 'silent' },
  });
  let output = '';
  /** Where the output not yet searched for the next prompt starts. */
  let from = 0;
  let answered = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
    const next = answers[answered];
    const at = next ? output.indexOf(next.prompt, from) : -1;
    if (at === -1) return;
    from = at + next!.prompt.length;
    answered += 1;
    child.stdin.write(`${next!.typed}\r`);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}
