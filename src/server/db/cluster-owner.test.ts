import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimCluster, DataDirInUseError, heldByLiveApp, parentOf, runsCluster } from './cluster-owner';
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
 * A data folder whose "PostgreSQL" is a stand-in (a node process idling with `-D <folder>` on its
 * command line, which stops on SIGINT as PostgreSQL does), started either by a stand-in app (a
 * shell that is its parent) or left behind.
 */
describe('claimCluster', () => {
  let dataDir = '';
  let cluster = '';
  const started: ChildProcess[] = [];
  const grandchildren: number[] = [];
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'claim-'));
    cluster = path.join(dataDir, 'pg');
    mkdirSync(cluster);
  });
  afterEach(() => {
    for (const child of started) child.kill('SIGKILL');
    for (const pid of grandchildren) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    started.length = 0;
    grandchildren.length = 0;
    rmSync(dataDir, { recursive: true, force: true });
  });

  const IDLE = ['-e', 'setTimeout(() => {}, 30_000)', '--'];
  const pidFile = () => path.join(cluster, 'postmaster.pid');

  function record(postmasterPid: number, ownerPid: number): void {
    writeFileSync(pidFile(), `${postmasterPid}\n${cluster}\n0\n5432\n\n127.0.0.1\n0 0\nready   \n`);
    writeFileSync(path.join(dataDir, 'pg-owner.pid'), `${ownerPid}\n`);
  }

  async function standIn(command: string, args: string[]): Promise<ChildProcess> {
    const child = spawn(command, args, { stdio: 'ignore' });
    started.push(child);
    await once(child, 'spawn');
    return child;
  }

  /** A stand-in app (a shell) and the stand-in server it started, as parent and child. */
  async function appWithServer(): Promise<{ app: number; server: number }> {
    const server = ['-e', "console.log('up'); setTimeout(() => {}, 30_000)", '--', '-D', cluster];
    const shell = spawn('sh', ['-c', '"$0" "$@" & echo $!; wait', process.execPath, ...server], { stdio: ['ignore', 'pipe', 'ignore'] });
    started.push(shell);
    let said = '';
    shell.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    while (!/^up$/m.test(said) || !/^\d+$/m.test(said)) await sleep(10);
    const pid = Number(/^(\d+)$/m.exec(said)![1]);
    grandchildren.push(pid);
    return { app: shell.pid!, server: pid };
  }

  const log = () => {
    const lines: string[] = [];
    return { lines, info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
  };

  it('takes a free folder and records this process as its owner until released', async () => {
    const release = await claimCluster(dataDir, cluster, log());
    expect(readFileSync(path.join(dataDir, 'pg-owner.pid'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dataDir, 'pg-owner.pid'))).toBe(false);
  });

  it('stops a server left running by an app that is gone, then takes the folder', async () => {
    const leftOver = await standIn(process.execPath, [...IDLE, '-D', cluster]);
    record(leftOver.pid!, 2 ** 22 + 1);
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
    record(server, app);
    await expect(claimCluster(dataDir, cluster, log())).rejects.toThrow(DataDirInUseError);
    await expect(claimCluster(dataDir, cluster, log())).rejects.toThrow(`The data folder ${cluster} is in use by another running instance of the app (pid ${app}`);
    expect(isAlive(server)).toBe(true);
  });

  it('never signals a process that reuses the pid of a stale postmaster.pid, and removes the file', async () => {
    const unrelated = await standIn('sleep', ['30']);
    record(unrelated.pid!, 2 ** 22 + 1);
    const lines = log();
    await claimCluster(dataDir, cluster, lines);
    expect(isAlive(unrelated.pid!) && unrelated.exitCode === null).toBe(true);
    expect(existsSync(pidFile())).toBe(false);
    expect(lines.lines).toEqual([`${pidFile()} names pid ${unrelated.pid}, which is not PostgreSQL on this folder: removing the stale file`]);
  });
});

describe('runsCluster', () => {
  it('recognises `postgres -D <folder>`, and believes postmaster.pid where the command line cannot be read', () => {
    expect(runsCluster(['/opt/pg/bin/postgres', '-D', '/data/pg', '-p', '5432'], '/data/pg')).toBe(true);
    expect(runsCluster(['/opt/pg/bin/postgres', '-D', '/data/pg/', '-p', '5432'], '/data/pg')).toBe(true);
    expect(runsCluster(['/opt/pg/bin/postgres', '-D', '/other/pg'], '/data/pg')).toBe(false);
    expect(runsCluster(['sshd', '-D'], '/data/pg')).toBe(false);
    expect(runsCluster(null, '/data/pg')).toBe(true);
  });
});
