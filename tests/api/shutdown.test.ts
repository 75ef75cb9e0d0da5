import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** GET `url` on `agent`, resolving with the status once the body is read. */
function get(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** A request whose body is still on its way: its first bytes now, the rest on `finish()`. */
async function slowRequest(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = once(socket, 'close');
  const body = JSON.stringify({ email: 'slow@example.com' });
  socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
  return {
    finish: () => socket.write(body.slice(5)),
    received: () => received,
    closed,
  };
}

/**
 * The server as `npm start` runs it (src/server/main.ts on its own embedded PostgreSQL), stopped
 * with SIGTERM while a client holds keep-alive connections and one request is still arriving.
 */
describe('shutting down', () => {
  let dataDir: string;
  let child: ChildProcess;
  let output = '';
  let base: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shutdown-data-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: 'off', LOG_LEVEL: 'info' },
    });
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 50_000;
    while (!output.includes('Ready on') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain('Ready on');
  });

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the request in flight, closes every keep-alive connection, stops PostgreSQL and exits 0 on SIGTERM', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    expect(await Promise.all([get(`${base}/api/health`, agent), get(`${base}/api/posts`, agent)])).toEqual([200, 200]);
    const inFlight = await slowRequest(Number(new URL(base).port));
    await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    const started = Date.now();
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    inFlight.finish();
    const [code] = await exited;
    await inFlight.closed;
    agent.destroy();

    expect(code).toBe(0);
    // The request that was under way got its answer (its body lacks a password: 400).
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 400 /);
    // Not held up by keep-alive connections, idle or finishing their request (Fastify keeps them 72 s).
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(output).toContain('SIGTERM received, shutting down');
    expect(output).not.toContain('Shutdown failed');
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});
