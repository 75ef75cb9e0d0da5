import S3rver from 's3rver';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';

/** s3rver's fixed credentials: it checks request signatures against them. */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (the `s3rver` package, a development dependency) on the loopback
 * interface, keeping its objects in `directory`: for the storage tests, the API suite with S3
 * storage (TEST_STORAGE=s3) and `npm run cluster`. Never for production: one process, files on
 * one disk, no access control beyond the signature.
 */
export async function startS3Server(opts: { directory: string; buckets: string[]; port?: number }): Promise<S3Server> {
  mkdirSync(opts.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port ?? 0,
    silent: true,
    directory: opts.directory,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  // s3rver's close() is its HTTP server's, which ends only the connections idle at that moment: one
  // in use then stays open, and answers, as long as its client sends requests on it (the apps'
  // storage probe, each second), and close() never returns. So every connection is ended.
  const { httpServer } = server as unknown as { httpServer: Server };
  const close = async () => {
    const closed = server.close();
    httpServer.closeAllConnections();
    await closed;
  };
  return { endpoint: `http://127.0.0.1:${port}`, port, close };
}
