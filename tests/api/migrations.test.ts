import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connect, ensureDatabase } from '../../src/server/db/client';
import { EXTENSIONS_SQL, MissingExtensionsError, runMigrations } from '../../src/server/db/migrate';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const JOURNAL = JSON.parse(readFileSync(`${ROOT}/src/server/db/migrations/meta/_journal.json`, 'utf8')) as { entries: unknown[] };

const adminUrl = inject('pgAdminUrl');
const made: string[] = [];
const role = `app_role_${randomBytes(4).toString('hex')}`;
const rolePassword = randomBytes(12).toString('hex');

/** An empty database (no extensions, no tables) named for this run, dropped afterwards. */
async function emptyDatabase(): Promise<string> {
  const name = `t_${inject('pgTemplate')}_mig_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  made.push(name);
  return name;
}

function urlOf(database: string, user?: { name: string; password: string }): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user.name;
    url.password = user.password;
  }
  return url.toString();
}

async function asAdmin<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A migration on a database in use: a new database migrated up to `upTo` (not included), given
 * `seed` as it then stands, then migrated to the end. Its name, for `asAdmin` to read it.
 */
async function migratedAcross(upTo: number, seed: (client: pg.Client) => Promise<unknown>): Promise<string> {
  const name = await emptyDatabase();
  const database = connect(urlOf(name), null, 2);
  try {
    await runMigrations(database.pool, { upTo });
    await asAdmin(name, seed);
    await runMigrations(database.pool);
    return name;
  } finally {
    await database.close();
  }
}

afterAll(async () => {
  await asAdmin('postgres', async (client) => {
    for (const name of made) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await client.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(role)}`);
  });
});

describe('migrations under an advisory lock', () => {
  it('lets three instances started together on an empty database migrate it once, all of them ready', async () => {
    const name = await emptyDatabase();
    const databases = [1, 2, 3].map(() => connect(urlOf(name), null, 2));
    try {
      await Promise.all(databases.map((d) => runMigrations(d.pool)));
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
    const applied = await asAdmin(name, (c) => c.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'));
    expect(applied.rows[0]!.n).toBe(JOURNAL.entries.length);
  });
});

describe('a database role that is not a superuser', () => {
  const user = { name: role, password: rolePassword };

  async function ownedDatabase(): Promise<string> {
    const name = await emptyDatabase();
    await asAdmin('postgres', async (client) => {
      await client.query(`DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
          CREATE ROLE ${pg.escapeIdentifier(role)} LOGIN NOSUPERUSER PASSWORD '${rolePassword}';
        END IF; END $$`);
      await client.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} OWNER TO ${pg.escapeIdentifier(role)}`);
    });
    return name;
  }

  it('is told which extensions are missing and the SQL a superuser runs; after it, the migrations apply', async () => {
    const name = await ownedDatabase();
    const database = connect(urlOf(name, user), null, 2);
    try {
      const failed = await runMigrations(database.pool).then(() => null, (err: unknown) => err);
      expect(failed).toBeInstanceOf(MissingExtensionsError);
      const message = (failed as Error).message;
      expect(message).toContain('earthdistance');
      expect(message).toContain(`in database "${name}": ${EXTENSIONS_SQL}`);
      expect(message).not.toContain('\n');

      await asAdmin(name, (client) => client.query(EXTENSIONS_SQL));
      await runMigrations(database.pool);
      const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM posts');
      expect(rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('makes the app say so in one line and exit 1, without a stack', async () => {
    const name = await ownedDatabase();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: urlOf(name, user), PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'off', LOG_LEVEL: 'warn', SESSION_SECRET: 'x'.repeat(40) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([expect.stringContaining('cannot create the PostgreSQL extensions this app needs')]);
  }, 60_000);
});

describe('migration 0028 on a database in use', () => {
  it('remembers the networks of the members’ live sessions, not a guest’s (docs/decisions/0134)', async () => {
    // 0000-0027, then 0028 on.
    const name = await migratedAcross(28, async (c) => {
      const { rows } = await c.query<{ id: string }>(`INSERT INTO users (username, email, password_hash) VALUES ('Old Member', 'old@example.com', 'x') RETURNING id`);
      const member = rows[0]!.id;
      await c.query(
        `INSERT INTO sessions (id, user_id, address, expires_at) VALUES
           ('s1', $1, '10.1.2.3', now() + interval '1 day'), ('s2', $1, '10.1.2.3', now() + interval '1 day'),
           ('s3', $1, '', now() + interval '1 day'), ('s4', NULL, '10.9.9.9', now() + interval '1 day')`,
        [member],
      );
    });
    const networks = await asAdmin(name, (c) => c.query<{ address: string; username: string }>(
      'SELECT n.address, u.username FROM member_networks n JOIN users u ON u.id = n.user_id',
    ));
    expect(networks.rows).toEqual([{ address: '10.1.2.3', username: 'Old Member' }]);
  });
});

describe('migration 0038 on a database in use', () => {
  it('gives a post without a region the one its address names as its town, and leaves the rest (0150)', async () => {
    // 0000-0037, then 0038 on.
    const name = await migratedAcross(38, (c) =>
      c.query(
        `INSERT INTO posts (type, title, description, address, region) VALUES
           ('fruit', 'typed', 'd', 'Kingston Rd, Scarborough', NULL),
           ('fruit', 'postal', 'd', '12 Maple St, Toronto, ON M4C 1A1', NULL),
           ('fruit', 'chosen', 'd', 'Kingston Rd, Scarborough', 'toronto'),
           ('fruit', 'other town', 'd', '5 Main St, Markham', NULL),
           ('fruit', 'no town', 'd', 'Somewhere', NULL)`,
      ),
    );
    const { rows } = await asAdmin(name, (c) => c.query<{ title: string; region: string | null }>('SELECT title, region FROM posts ORDER BY title'));
    expect(rows).toEqual([
      { title: 'chosen', region: 'toronto' },
      { title: 'no town', region: null },
      { title: 'other town', region: null },
      { title: 'postal', region: 'toronto' },
      { title: 'typed', region: 'scarborough' },
    ]);
  });
});
