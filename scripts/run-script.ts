import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

/** For tests: `scripts/NAME.ts` run with `args` as npm runs it, from the project's folder; its exit code and output. */
export async function runScript(name: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = promisify(execFile)(process.execPath, [tsx, `scripts/${name}.ts`, ...args], { cwd: root, env, timeout: 30_000 });
  if (input !== undefined) child.child.stdin?.end(input);
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (err) {
    const { code, stdout, stderr } = err as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}
