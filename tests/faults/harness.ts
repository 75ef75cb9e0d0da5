import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../src/server/db/embedded';
import { isAlive, pidGone, readPidFile } from '../../src/server/db/postmaster';

/**
 * The app as `npm start` runs it (src/server/main.ts on its own embedded PostgreSQL), in real
 * processes the fault tests kill, signal and starve of their database. Everything started here is
 * stopped by `cleanUp()` (and, should the test process itself end first, on its 'exit').
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const apps = new Set<ChildProcess>();
const dataDirs = new Set<string>();
const blockers = new Set<net.Server>();

/** A data folder of its own, which the `postgres` user can enter when the tests run as root. */
export function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'faults-data-'));
  chmodSync(dir, 0o755);
  dataDirs.add(dir);
  return dir;
}

export const clusterOf = (dataDir: string) => path.join(dataDir, 'pg');

/** The embedded PostgreSQL running on `dataDir` now (its postmaster's pid and port), or null. */
export function runningPostgres(dataDir: string): { pid: number; port: number } | null {
  const file = readPidFile(clusterOf(dataDir));
  return file && isAlive(file.pid) ? { pid: file.pid, port: file.port } : null;
}

export interface LogLine {
  level: number;
  time: number;
  msg: string;
  [field: string]: unknown;
}

export interface AppProcess {
  child: ChildProcess;
  pid: number;
  base: string;
  dataDir: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its pino log lines so far. */
  lines(): LogLine[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startApp(dataDir: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: 'off', LOG_LEVEL: 'info', NODE_ENV: 'production', ...env },
  });
  apps.add(child);
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    pid: child.pid!,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    lines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine),
    exited,
  };
}

/** Resolves once `app` logged 'Ready on'; throws when it exits first or takes longer than `ms`. */
export async function whenReady(app: AppProcess, ms = 60_000): Promise<AppProcess> {
  const deadline = Date.now() + ms;
  while (!app.output().includes('Ready on')) {
    if (app.child.exitCode !== null) throw new Error(`The app exited (${app.child.exitCode}) before it was ready:\n${app.output()}`);
    if (Date.now() > deadline) throw new Error(`The app was not ready within ${ms} ms:\n${app.output()}`);
    await sleep(50);
  }
  return app;
}

/** Milliseconds until `probe()` is true, checking every 20 ms; Infinity after `limitMs`. */
export async function msUntil(probe: () => Promise<boolean> | boolean, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > limitMs) return Infinity;
    await sleep(20);
  }
  return Date.now() - started;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request; rejects with the socket error (ECONNRESET, ECONNREFUSED, …) when there is no answer. */
export function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: opts.agent ?? false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

export const statusOf = (url: string) => request(url).then((res) => res.status, () => 0);

export interface LoadTally {
  answered: number;
  statuses: Record<number, number>;
  /** Requests sent that got no answer: the connection was reset or closed under them. */
  resets: number;
  /** Connections refused: the server had stopped listening (not a lost request). */
  refused: number;
}

/**
 * `clients` keep-alive clients, each sending `paths` in turn, one request at a time, as fast as
 * answers come, until the server refuses them (it has stopped listening).
 */
export function keepAliveLoad(base: string, clients: number, paths: string[]) {
  const tally: LoadTally = { answered: 0, statuses: {}, resets: 0, refused: 0 };
  const loops = Array.from({ length: clients }, async (_, i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let n = i; ; n++) {
        try {
          const res = await request(`${base}${paths[n % paths.length]}`, { agent });
          tally.answered += 1;
          tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
            tally.refused += 1;
            return;
          }
          tally.resets += 1;
        }
      }
    } finally {
      agent.destroy();
    }
  });
  return {
    tally,
    /** Resolves once every client has been refused. */
    finished: () => Promise.all(loops).then(() => tally),
  };
}

/**
 * Kills the embedded PostgreSQL of `dataDir` with SIGKILL (as the out-of-memory killer would) and
 * holds its port, so it cannot be started again until `release()`.
 */
export async function killPostgresAndHoldItsPort(dataDir: string): Promise<{ pid: number; release(): Promise<void> }> {
  const running = runningPostgres(dataDir);
  if (!running) throw new Error(`No PostgreSQL runs on ${dataDir}`);
  process.kill(running.pid, 'SIGKILL');
  const blocker = net.createServer((socket) => socket.destroy());
  blockers.add(blocker);
  for (let tries = 0; ; tries++) {
    try {
      blocker.listen(running.port, '127.0.0.1');
      await once(blocker, 'listening');
      break;
    } catch (err) {
      if (tries > 200) throw err;
      await sleep(5);
    }
  }
  return {
    pid: running.pid,
    release: async () => {
      blockers.delete(blocker);
      await new Promise((resolve) => blocker.close(resolve));
    },
  };
}

/** The embedded database of `dataDir`, straight, to check what the app acknowledged. */
export async function queryCluster<T extends pg.QueryResultRow>(dataDir: string, text: string, values: unknown[]): Promise<T[]> {
  const running = runningPostgres(dataDir);
  if (!running) throw new Error(`No PostgreSQL runs on ${dataDir}`);
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port: running.port, user: 'postgres', password, database: 'app' });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function killSync(): void {
  for (const app of apps) if (app.exitCode === null && app.signalCode === null) app.kill('SIGKILL');
  for (const dir of dataDirs) {
    const running = runningPostgres(dir);
    if (running) process.kill(running.pid, 'SIGKILL');
  }
}
process.on('exit', killSync);

/** Stops every app, PostgreSQL and port holder these tests started, and removes their folders. */
export async function cleanUp(): Promise<void> {
  const leftovers = [...dataDirs].map(runningPostgres).filter((r) => r !== null);
  killSync();
  await Promise.all(leftovers.map((r) => pidGone(r.pid, 5_000)));
  await Promise.all([...blockers].map((b) => new Promise((resolve) => b.close(resolve))));
  blockers.clear();
  apps.clear();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
}
