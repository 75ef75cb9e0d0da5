import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { RELAYED_MS } from '../../src/server/shutdown';
import { cleanUp, clusterOf, keepAliveLoad, startApp, tempDataDir, whenReady, type AppProcess } from './harness';

/** A request whose body is still on its way: its first bytes now, the rest on `finish()`. */
async function slowRequest(base: string) {
  const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
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
 * SIGTERM while 20 keep-alive clients are busy and one request is still arriving
 * (docs/decisions/0001, 0077): no request lost, PostgreSQL stopped last, exit 0.
 */
describe('shutting down under keep-alive load', () => {
  let app: AppProcess;
  afterAll(cleanUp);

  it('answers the requests under way, resets no connection, stops PostgreSQL and exits 0 on SIGTERM', async () => {
    app = await whenReady(await startApp(tempDataDir()));
    const load = keepAliveLoad(app.base, 20, ['/api/health', '/api/session']);
    const inFlight = await slowRequest(app.base);
    await sleep(1_000);
    expect(load.tally.answered).toBeGreaterThan(100);
    expect(existsSync(path.join(clusterOf(app.dataDir), 'postmaster.pid'))).toBe(true);

    const started = Date.now();
    app.child.kill('SIGTERM');
    // The same signal relayed a moment later, as npm passes on the Ctrl+C the terminal sent to both: still one drain (0146).
    await sleep(20);
    app.child.kill('SIGTERM');
    await sleep(280);
    inFlight.finish();
    const { code } = await app.exited;
    const took = Date.now() - started;
    await inFlight.closed;
    const tally = await load.finished();

    expect(code).toBe(0);
    expect(took).toBeLessThan(5_000);
    // The request that was under way got its answer (its body lacks a password: 400).
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(tally.resets).toBeLessThanOrEqual(2);
    expect(tally.statuses[503] ?? 0).toBe(0);
    expect(app.output()).toContain('SIGTERM received, shutting down');
    expect(app.output()).toContain('taken as the same one relayed');
    expect(app.output()).not.toContain('failed');
    expect(existsSync(path.join(clusterOf(app.dataDir), 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(app.dataDir, 'pg-owner.pid'))).toBe(false);
  });

  it('stops at once on a second signal after the first, leaving the request under way', async () => {
    app = await whenReady(await startApp(tempDataDir()));
    const inFlight = await slowRequest(app.base);
    app.child.kill('SIGINT');
    await sleep(RELAYED_MS + 200);
    const second = Date.now();
    app.child.kill('SIGINT');
    const { code } = await app.exited;
    expect(code).toBe(1);
    expect(Date.now() - second).toBeLessThan(1_000);
    expect(app.output()).toContain('SIGINT received again, stopping now');
    await inFlight.closed;
    expect(inFlight.received()).toBe('');
  });
});
