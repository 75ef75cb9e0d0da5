import http from 'node:http';
import { once } from 'node:events';
import type net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { trackConnections } from './drain';

function get(port: number, path: string, agent: http.Agent): Promise<{ status: number; connection?: string; body: string; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        const socket = res.socket;
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, socket }));
      })
      .on('error', reject);
  });
}

describe('draining connections', () => {
  let server: http.Server;
  const agents: http.Agent[] = [];
  const agent = () => {
    const a = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(a);
    return a;
  };
  afterEach(() => {
    for (const a of agents) a.destroy();
    server.closeAllConnections();
  });

  async function listen() {
    server = http.createServer((request, response) => {
      if (request.url === '/slow') setTimeout(() => response.end('slow'), 200);
      else response.end('ok');
    });
    const drain = trackConnections(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { drain, port: (server.address() as net.AddressInfo).port };
  }

  it('closes idle connections at once, answers the request under way with Connection: close, then resolves', async () => {
    const { drain, port } = await listen();
    const idle = await get(port, '/', agent());
    await sleep(150);
    const slow = get(port, '/slow', agent());
    await sleep(20);

    const started = Date.now();
    const drained = drain.start();
    await sleep(20);
    expect(idle.socket.destroyed).toBe(true);
    expect(await slow).toMatchObject({ status: 200, connection: 'close', body: 'slow' });
    await drained;
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(get(port, '/', agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('never resets a busy keep-alive client between two requests: its next answer closes the connection', async () => {
    const { drain, port } = await listen();
    const client = agent();
    const answers: Array<string | undefined> = [];
    let failure: NodeJS.ErrnoException | null = null;
    const busy = (async () => {
      for (;;) {
        try {
          answers.push((await get(port, '/', client)).connection);
        } catch (err) {
          failure = err as NodeJS.ErrnoException;
          return;
        }
      }
    })();
    await sleep(300);
    await drain.start();
    await busy;
    expect(failure).toMatchObject({ code: 'ECONNREFUSED' });
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.at(-1)).toBe('close');
    expect(answers.slice(0, -1).every((c) => c === 'keep-alive')).toBe(true);
  });
});
