import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** What `postmaster.pid` says: PostgreSQL writes it at start and removes it when it stops cleanly. */
export interface PidFile {
  pid: number;
  port: number;
  /** 'starting', 'ready', 'stopping' or 'standby' (PostgreSQL 10 and later). */
  status: string;
}

/** The cluster's `postmaster.pid`, or null when there is none (or it is being written). */
export function readPidFile(clusterDir: string): PidFile | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, port: Number(lines[3]), status: (lines[7] ?? '').trim() };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * How a PostgreSQL server is asked to stop, each step after the one before has had its time:
 * fast shutdown (sessions ended, a checkpoint), immediate shutdown (no checkpoint: the next start
 * replays the WAL, so nothing committed is lost), then SIGKILL.
 */
export interface StopTimes {
  fastMs: number;
  immediateMs: number;
}

/** Stops `pid` in those steps; `gone(ms)` resolves true once the process has exited, false after `ms`. */
export async function stopServer(pid: number, gone: (withinMs: number) => Promise<boolean>, times: StopTimes): Promise<void> {
  const steps: Array<[NodeJS.Signals, number]> = [
    ['SIGINT', times.fastMs],
    ['SIGQUIT', times.immediateMs],
    ['SIGKILL', 1_000],
  ];
  for (const [signal, ms] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    if (await gone(ms)) return;
  }
}

/** Polls a process this one did not start until it has exited, for up to `ms`. */
export async function pidGone(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (!isAlive(pid)) return true;
  return !isAlive(pid);
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Postmaster {
  pid: number;
  /** Settles when the server process has exited, however it ended. */
  exited: Promise<Exit>;
  stop(times: StopTimes): Promise<void>;
  /** Asks for a fast shutdown without waiting (from a process 'exit' handler). */
  askToStop(): void;
}

export interface PostmasterOptions {
  /** The `postgres` program. */
  program: string;
  clusterDir: string;
  port: number;
  flags: string[];
  /** As root: the user that owns the cluster, whom PostgreSQL runs as. */
  user?: { uid: number; gid: number };
}

/** The last lines PostgreSQL wrote to stderr: why a start failed. */
function stderrTail(lines: string[]): string {
  return lines.slice(-3).join(' | ') || 'no output';
}

/**
 * Runs PostgreSQL's `postgres` program on `clusterDir` and resolves once `postmaster.pid` says it
 * accepts connections; rejects with its last words when it exits first. It runs in a process
 * group of its own, so Ctrl+C in a terminal reaches the app alone, which stops it last
 * (docs/decisions/0077).
 */
export async function startPostmaster(opts: PostmasterOptions): Promise<Postmaster> {
  const child = spawn(opts.program, ['-D', opts.clusterDir, '-p', String(opts.port), ...opts.flags], {
    ...opts.user,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const said: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    said.push(...chunk.split('\n').filter(Boolean));
    said.splice(0, Math.max(0, said.length - 5));
  });
  let hasExited = false;
  const exited = new Promise<Exit>((resolve) => {
    const ended = (exit: Exit) => {
      hasExited = true;
      resolve(exit);
    };
    child.on('exit', (code, signal) => ended({ code, signal }));
    child.on('error', () => ended({ code: null, signal: null }));
  });

  while (!hasExited) {
    const file = readPidFile(opts.clusterDir);
    if (file !== null && file.pid === child.pid && file.status === 'ready') break;
    await Promise.race([exited, sleep(25)]);
  }
  if (hasExited || child.pid === undefined) {
    const { code, signal } = await exited;
    throw new Error(`PostgreSQL exited while starting (${signal ?? `code ${code}`}): ${stderrTail(said)}`);
  }
  const pid = child.pid;
  return {
    pid,
    exited,
    // Once it has exited, its pid may belong to another process: no signal is sent then.
    stop: async (times) => {
      if (!hasExited) await stopServer(pid, (ms) => Promise.race([exited.then(() => true), sleep(ms, false, { ref: false })]), times);
    },
    askToStop: () => {
      if (!hasExited) child.kill('SIGINT');
    },
  };
}
