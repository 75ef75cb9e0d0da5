// The benchmark's servers, in a child process so the load generator does not share their event
// loop: the real app (buildApp) on the benchmark database, and a bare Fastify hello-world, a
// figure of the machine. Prints {"app": port, "hello": port} once both listen; stops on SIGTERM.
import Fastify from 'fastify';
import pino from 'pino';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connect } from '../src/server/db/client';
import { takeOverSignals } from '../src/server/db/embedded-postgres';

const url = process.argv[2];
if (!url) throw new Error('usage: bench/server.ts DATABASE_URL');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
const config = loadConfig({
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  // The production default: one line per request (to /dev/null, written as app.ts writes stdout).
  LOG_LEVEL: 'info',
  DEMO_DATA: 'off',
  // As behind a reverse proxy: the guests of scenario (g) each come from an address of their own
  // (X-Forwarded-For), so the per-address preview limit meets no single busy address.
  TRUST_PROXY: '127.0.0.1',
});
const database = connect(url);
const app = await buildApp({
  config,
  database,
  webRoot: path.join(dataDir, 'no-web'),
  logStream: pino.destination({ dest: '/dev/null', sync: false }),
});
const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));

await app.listen({ port: 0, host: '127.0.0.1' });
await hello.listen({ port: 0, host: '127.0.0.1' });
const portOf = (address: ReturnType<typeof app.server.address>) =>
  typeof address === 'object' && address ? address.port : 0;
process.stdout.write(
  JSON.stringify({ app: portOf(app.server.address()), hello: portOf(hello.server.address()) }) + '\n',
);

// This process stops its servers itself (its database is the parent's), so the embedded-postgres
// package must not exit first with 143, leaving the temporary data folder behind.
takeOverSignals();
process.on('SIGTERM', () => {
  const closed = Promise.all([app.close(), hello.close()]);
  // The load is over: no connection the generator left open holds the close up.
  for (const server of [app.server, hello.server]) server.closeAllConnections();
  void closed
    .then(() => database.close())
    .finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
});
