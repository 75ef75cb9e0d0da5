// Members the benchmark signs in: registered on the first run, signed in on later ones.
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { connect } from '../src/server/db/client';
import { notify } from '../src/server/events/bus';
import { SESSION_CHANGED } from '../src/server/events/topics';

export interface BenchMember {
  n: number;
  id: string;
  cookie: string;
}

const sidOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];

/** The address of `<name> n`: `<name as a slug>-n@example.org`. */
const emailOf = (name: string, n: number | '%') => `${name.toLowerCase().replace(/\W+/g, '-')}-${n}@example.org`;

/** Signs in (or registers, the first time) `<name> n`, each from an address of its own. */
async function signIn(appUrl: string, name: string, network: number, n: number): Promise<BenchMember> {
  const account = { username: `${name} ${n}`, email: emailOf(name, n), password: 'bench-password-1' };
  const post = (p: string, body: object) =>
    fetch(`${appUrl}${p}`, {
      method: 'POST',
      // TRUST_PROXY=127.0.0.1 (bench/server.ts): the per-address sign-in limits meet no busy address.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${network}.${n >> 8}.${n & 255}` },
      body: JSON.stringify(body),
    });
  let res = await post('/api/auth/login', { email: account.email, password: account.password });
  if (res.status === 401) res = await post('/api/auth/register', account);
  const cookie = sidOf(res);
  if (!res.ok || !cookie) throw new Error(`Could not sign ${account.username} in: ${res.status} ${await res.text()}`);
  return { n, id: ((await res.json()) as { id: string }).id, cookie };
}

/**
 * `count` members named `<name> 0…`, signing in from addresses 10.`network`.x.y, a few at a time:
 * signing in hashes a password, the app's heaviest request.
 */
export async function signInMembers(appUrl: string, name: string, network: number, count: number): Promise<BenchMember[]> {
  const all: BenchMember[] = [];
  for (let first = 0; first < count; first += 8) {
    const batch = Array.from({ length: Math.min(8, count - first) }, (_, i) => first + i);
    all.push(...(await Promise.all(batch.map((n) => signIn(appUrl, name, network, n)))));
  }
  return all;
}

/** The benchmark's own database: earlier runs' limits (messages, posts an hour) are not this run's. */
export async function resetLimits(databaseUrl: string): Promise<void> {
  const database = connect(databaseUrl, null, 1);
  try {
    await database.db.execute(sql`DELETE FROM rate_limits`);
  } finally {
    await database.close();
  }
}

/**
 * Deletes the posts the members named `<name> …` shared (their favourites and comments go with them;
 * the counts follow by trigger). Answers how many there were.
 */
export async function removePostsOf(pool: Pool, name: string): Promise<number> {
  const { rowCount } = await pool.query(
    'DELETE FROM posts WHERE user_id IN (SELECT id FROM users WHERE email LIKE $1)',
    [emailOf(name, '%')],
  );
  return rowCount ?? 0;
}

/** Lifetime access for the members (as the bench member has): full pages, no preview limits. */
export async function grantLifetime(databaseUrl: string, members: readonly BenchMember[]): Promise<void> {
  const database = connect(databaseUrl, null, 1);
  try {
    const ids = members.map((m) => m.id);
    await database.pool.query(
      `INSERT INTO grants (user_id, kind, source)
       SELECT id, 'lifetime', 'bench' FROM unnest($1::uuid[]) AS id
       WHERE NOT EXISTS (SELECT 1 FROM grants g WHERE g.user_id = id AND g.kind = 'lifetime')`,
      [ids],
    );
    // Written behind the app's back: tell it, as every writer must (docs/decisions/0050).
    for (const id of ids) await notify(database.pool, SESSION_CHANGED, { userId: id });
  } finally {
    await database.close();
  }
}
