import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every instance started by this process, killed should the process end without stopping them. */
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** One app process as `npm start` runs it (src/server/main.ts), its output appended to `logFile`. */
export interface AppInstance {
  name: string;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  logFile: string;
  /** Starts it and resolves once it answers GET /api/ready (rejects when it exits first, or after `readyMs`). */
  start(readyMs?: number): Promise<void>;
  /** The running process, or null. */
  process(): ChildProcess | null;
  /** SIGTERM, then SIGKILL after 10 s; resolves once it exited. */
  stop(): Promise<void>;
}

const tailOf = (file: string) => readFileSync(file, 'utf8').slice(-2000);

export function appInstance(opts: { name: string; port: number; env: Record<string, string>; logFile: string }): AppInstance {
  let child: ChildProcess | null = null;
  const running = () => (child && child.exitCode === null && child.signalCode === null ? child : null);
  const url = `http://127.0.0.1:${opts.port}`;

  return {
    name: opts.name,
    port: opts.port,
    url,
    logFile: opts.logFile,

    async start(readyMs = 120_000) {
      // Straight into the file: the instance's output never waits on this process.
      const out = openSync(opts.logFile, 'a');
      const spawned = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...opts.env, PORT: String(opts.port), HOST: '127.0.0.1' },
        // The IPC channel ends with this process, even killed with -9: the instance then stops (shutdown.ts).
        stdio: ['ignore', out, out, 'ipc'],
      });
      closeSync(out);
      child = spawned;
      started.add(spawned);
      spawned.on('exit', () => started.delete(spawned));
      const deadline = Date.now() + readyMs;
      while ((await fetch(`${url}/api/ready`).then((res) => res.status, () => 0)) !== 200) {
        if (spawned.exitCode !== null || spawned.signalCode !== null) throw new Error(`${opts.name} exited before it was ready (${opts.logFile}):\n${tailOf(opts.logFile)}`);
        if (Date.now() > deadline) throw new Error(`${opts.name} was not ready within ${readyMs} ms (${opts.logFile})`);
        await sleep(100);
      }
    },

    process: running,

    async stop() {
      const current = running();
      if (!current) return;
      const exited = once(current, 'exit');
      current.kill('SIGTERM');
      const timer = setTimeout(() => current.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
