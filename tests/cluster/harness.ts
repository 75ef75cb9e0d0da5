import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/cluster/index';

/**
 * One `npm run cluster` setup for the file (scripts/cluster): PostgreSQL, the S3 server, two app
 * instances and HAProxy, in a temporary folder removed afterwards. `ctx.cluster` is set before
 * the first test.
 */
export function useCluster(): { cluster: Cluster } {
  const ctx = {} as { cluster: Cluster };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cluster-test-'));
  beforeAll(async () => {
    ctx.cluster = await startCluster({ dir, instances: 2 });
  });
  afterAll(async () => {
    await ctx.cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return ctx;
}

export interface Answer {
  status: number;
  body: string;
  headers: Headers;
}

/** One request: JSON in, text out; `from` is the caller's address (X-Forwarded-For; the instances trust loopback). */
export async function call(url: string, opts: { method?: string; cookie?: string; json?: unknown; form?: FormData; from?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.from) headers['x-forwarded-for'] = opts.from;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method: opts.method ?? 'GET', headers, body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)) });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** The `sid=…` cookie an answer set, if any. */
export const sidOf = (answer: Answer) =>
  answer.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];
