import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pidGone, readPidFile, stopServer } from './postmaster';

describe('readPidFile', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the pid, port and status PostgreSQL writes, and nothing from a missing or partial file', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pidfile-'));
    expect(readPidFile(dir)).toBeNull();
    writeFileSync(path.join(dir, 'postmaster.pid'), '');
    expect(readPidFile(dir)).toBeNull();
    writeFileSync(path.join(dir, 'postmaster.pid'), `4242\n${dir}\n1795595280\n45473\n\n127.0.0.1\n  2163044    262174\nready   \n`);
    expect(readPidFile(dir)).toEqual({ pid: 4242, port: 45473, status: 'ready' });
  });
});

describe('stopServer', () => {
  it('asks for a fast shutdown, then an immediate one, then kills', async () => {
    // A stand-in server deaf to SIGINT and SIGQUIT (ignored signals stay ignored across exec).
    const deaf = spawn('sh', ['-c', 'trap "" INT QUIT; echo deaf; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    await once(deaf.stdout!, 'data');
    const started = Date.now();
    await stopServer(deaf.pid!, (ms) => pidGone(deaf.pid!, ms), { fastMs: 100, immediateMs: 100 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(deaf.signalCode ?? (await once(deaf, 'exit'))[1]).toBe('SIGKILL');
  });

  it('stops at the first step that works', async () => {
    const server = spawn('sleep', ['30'], { stdio: 'ignore' });
    await once(server, 'spawn');
    const started = Date.now();
    await stopServer(server.pid!, (ms) => pidGone(server.pid!, ms), { fastMs: 5_000, immediateMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.signalCode ?? (await once(server, 'exit'))[1]).toBe('SIGINT');
  });
});
