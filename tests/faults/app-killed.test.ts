import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, clusterOf, msUntil, request, runningPostgres, startApp, statusOf, tempDataDir, whenReady, type AppProcess } from './harness';

/**
 * The app killed with -9 (out of memory, a crashed container) leaves its embedded PostgreSQL
 * running; the next start on the same DATA_DIR recognises it and starts anyway
 * (docs/decisions/0077), while a folder a live app holds is still refused.
 */
describe('kill -9 of the app, then a start on the same data', () => {
  const dataDir = tempDataDir();
  const account = { username: 'Kept', email: 'kept@example.com', password: 'secret123' };
  let second: AppProcess;
  afterAll(cleanUp);

  it('starts healthy within 60 s, with what was written before the kill', async () => {
    const first = await whenReady(await startApp(dataDir));
    const registered = await request(`${first.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(registered.status, registered.body).toBe(201);
    const leftOver = runningPostgres(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(runningPostgres(dataDir)).toEqual(leftOver);

    const started = Date.now();
    second = await startApp(dataDir);
    const healthy = await msUntil(async () => (await statusOf(`${second.base}/api/health`)) === 200, 60_000);
    expect(healthy).toBeLessThanOrEqual(60_000);
    expect(Date.now() - started).toBeLessThanOrEqual(60_000);
    expect(second.output()).toContain(`PostgreSQL (pid ${leftOver!.pid}) was left running on ${clusterOf(dataDir)} by an app that is gone`);
    const signedIn = await request(`${second.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(signedIn.status, signedIn.body).toBe(200);
  });

  it('refuses a second app on a folder a live app holds, naming the folder and the app', async () => {
    const intruder = await startApp(dataDir);
    const { code } = await intruder.exited;
    expect(code).toBe(1);
    expect(intruder.output()).toContain(`The data folder ${clusterOf(dataDir)} is in use by another running instance of the app (pid ${second.pid}`);
    expect(await statusOf(`${second.base}/api/health`)).toBe(200);
  });
});
