import net from 'node:net';
import { freePort } from '../../src/server/db/embedded';

/**
 * A TCP relay between the app and its PostgreSQL, standing for a managed database server: `cut()`
 * drops every connection and refuses new ones, as a server that went down; `restore()` accepts
 * them again on the same address, as the server back after its restart.
 */
export interface DbProxy {
  /** The database URL, pointing at the relay. */
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
}

export async function proxyDatabase(databaseUrl: string): Promise<DbProxy> {
  const target = new URL(databaseUrl);
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const relay = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => {
        server = relay;
        resolve();
      });
    });

  await listen();
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    async cut() {
      const relay = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay?.close(resolve));
    },
    restore: listen,
  };
}
