import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, ensureDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL per run: the machine's server through DATABASE_URL, else an embedded one in a
 * temporary folder. A template database is migrated once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | null = null;
  let tmp: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'api-tests-'));
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
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  };
}
