import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, ensureDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { startS3Server } from '../../scripts/s3-server';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    /** With TEST_STORAGE=s3: the S3-compatible server every test file gets a bucket of its own on. */
    s3Endpoint: string | null;
  }
}

/**
 * One PostgreSQL per run: the machine's server through DATABASE_URL, else an embedded one in a
 * temporary folder. A template database is migrated once; each test file clones it. With
 * TEST_STORAGE=s3 the apps keep photos in an S3-compatible server on loopback (s3rver), not in
 * their folder: the same suite, the other Storage (docs/decisions/0085).
 */
export default async function setup(project: TestProject) {
  const storage = process.env.TEST_STORAGE ?? 'local';
  if (storage !== 'local' && storage !== 's3') throw new Error(`TEST_STORAGE must be local or s3, not ${storage}`);
  let embedded: EmbeddedServer | null = null;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'api-tests-'));
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres(tmp, { info: () => {}, warn: () => {} });
    adminUrl = embedded.adminUrl;
  }
  const template = `tmpl_${process.pid}_${Date.now()}`;
  await ensureDatabase(adminUrl, template);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = connect(url.toString(), null, 2);
  await runMigrations(database.pool);
  await database.close();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  const s3 = storage === 's3' ? await startS3Server({ directory: path.join(tmp, 's3'), buckets: [] }) : null;
  project.provide('s3Endpoint', s3?.endpoint ?? null);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `t_${template}_%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
    await client.end();
    await embedded?.stop();
    await s3?.close();
    rmSync(tmp, { recursive: true, force: true });
  };
}
