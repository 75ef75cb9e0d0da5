import net from 'node:net';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, runningPostgres, startApp, tempDataDir } from './harness';

/**
 * A start that cannot listen (docs/decisions/0134): one line naming the setting, no stack, and
 * the embedded PostgreSQL it had started stopped before it exits.
 */
describe('a start on a port another program holds', () => {
  const holder = net.createServer((socket) => socket.destroy());
  afterAll(async () => {
    await new Promise((resolve) => holder.close(resolve));
    await cleanUp();
  });

  it('says PORT is in use, stops its PostgreSQL and exits 1', async () => {
    holder.listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const port = (holder.address() as net.AddressInfo).port;
    const dataDir = tempDataDir();
    const app = await startApp(dataDir, { PORT: String(port) });
    const { code } = await app.exited;

    expect(code).toBe(1);
    expect(app.output()).toContain(`PORT: ${port} is in use by another program (on 127.0.0.1); stop it, or set another PORT.`);
    expect(app.output()).not.toMatch(/\n\s+at /);
    expect(runningPostgres(dataDir)).toBeNull();
  });
});
