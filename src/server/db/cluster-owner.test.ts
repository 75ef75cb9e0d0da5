import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { claimCluster, DataDirInUseError, heldByLiveApp, parentOf } from './cluster-owner';
import { isAlive } from './postmaster';

describe('heldByLiveApp', () => {
  const alive = (pid: number) => pid === 10 || pid === 11;

  it('is true only for a live owner other than this process that is still the server’s parent', () => {
    expect(heldByLiveApp(10, 10, 99, alive)).toBe(true);
    expect(heldByLiveApp(10, null, 99, alive)).toBe(true); // where the parent cannot be read
    expect(heldByLiveApp(null, 10, 99, alive)).toBe(false); // nobody claimed it
    expect(heldByLiveApp(12, 12, 99, alive)).toBe(false); // the owner is gone
    expect(heldByLiveApp(99, 99, 99, alive)).toBe(false); // this process, restarted with the same pid
    expect(heldByLiveApp(10, 1, 99, alive)).toBe(false); // the server was left to init: its pid went to another process
    expect(heldByLiveApp(10, 11, 99, alive)).toBe(false);
  });

  it('reads a process’s parent from /proc, where there is one', () => {
    expect(parentOf(process.pid)).toBe(process.platform === 'linux' ? process.ppid : null);
    expect(parentOf(2 ** 22 + 1)).toBeNull();
  });
});

/**
 * A data folder whose "PostgreSQL" is a stand-in (`sleep`) that stops on SIGINT as PostgreSQL
 * does, started either by a stand-in app (a shell that is its parent) or left behind.
 */
describe('claimCluster', () => {
  let dataDir = '';
  const started: ChildProcess[] = [];
  const grandchildren: number[] = [];
  afterEach(() => {
    for (const child of started) child.kill('SIGKILL');
    for (const pid of grandchildren) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    started.length = 0;
    grandchildren.length = 0;
    rmSync(dataDir, { recursive: true, force: true });
  });

  function folder(postmasterPid: number | null, ownerPid: number | null) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'claim-'));
    const cluster = path.join(dataDir, 'pg');
    mkdirSync(cluster);
    if (postmasterPid) writeFileSync(path.join(cluster, 'postmaster.pid'), `${postmasterPid}\n${cluster}\n0\n5432\n\n127.0.0.1\n0 0\nready   \n`);
    if (ownerPid) writeFileSync(path.join(dataDir, 'pg-owner.pid'), `${ownerPid}\n`);
    return cluster;
  }

  /** A stand-in app (a shell) and the stand-in server it started, as parent and child. */
  async function appWithServer(): Promise<{ app: number; server: number }> {
    const shell = spawn('sh', ['-c', 'sleep 30 & echo $!; wait'], { stdio: ['ignore', 'pipe', 'ignore'] });
    started.push(shell);
    const [line] = (await once(shell.stdout!, 'data')) as [Buffer];
    const server = Number(line.toString().trim());
    grandchildren.push(server);
    return { app: shell.pid!, server };
  }

  const log = () => {
    const lines: string[] = [];
    return { lines, info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
  };

  it('takes a free folder and records this process as its owner until released', async () => {
    const cluster = folder(null, null);
    const release = await claimCluster(dataDir, cluster, log());
    expect(readFileSync(path.join(dataDir, 'pg-owner.pid'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dataDir, 'pg-owner.pid'))).toBe(false);
  });

  it('stops a server left running by an app that is gone, then takes the folder', async () => {
    const leftOver = spawn('sleep', ['30'], { stdio: 'ignore' });
    started.push(leftOver);
    const cluster = folder(leftOver.pid!, 2 ** 22 + 1);
    const lines = log();
    await claimCluster(dataDir, cluster, lines);
    expect(leftOver.signalCode ?? (await once(leftOver, 'exit'))[1]).toBe('SIGINT');
    expect(lines.lines).toEqual([
      `PostgreSQL (pid ${leftOver.pid}) was left running on ${cluster} by an app that is gone; stopping it before starting ours`,
      `The left-over PostgreSQL (pid ${leftOver.pid}) has stopped`,
    ]);
  });

  it('refuses a folder whose server a live app runs, naming the folder and the app', async () => {
    const { app, server } = await appWithServer();
    const cluster = folder(server, app);
    await expect(claimCluster(dataDir, cluster, log())).rejects.toThrow(DataDirInUseError);
    await expect(claimCluster(dataDir, cluster, log())).rejects.toThrow(`The data folder ${cluster} is in use by another running instance of the app (pid ${app}`);
    expect(isAlive(server)).toBe(true);
  });
});
