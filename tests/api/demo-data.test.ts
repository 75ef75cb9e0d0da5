import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { POST_TYPES, REGIONS, type MapResponse, type Post } from '../../src/domain/posts';
import { DEMO_POST_COUNT } from '../../src/server/modules/demo/generate';
import { dropSecondaryIndexes } from '../../src/server/modules/demo/seed';
import { DEMO_SETTING, loadDemoDataOnce } from '../../src/server/modules/demo/load';
import { as, registerMember, useTestApp, type TestContext } from './helpers';
import { insertPost } from './posts-helpers';

async function postCount(ctx: TestContext, demoOnly = false): Promise<number> {
  const where = demoOnly ? sql`WHERE is_demo` : sql``;
  const { rows } = await ctx.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM posts ${where}`,
  );
  return rows[0]!.n;
}

describe('demo data on an empty database', () => {
  const ctx = useTestApp();

  it('loads the demo set: every type and region, on the map, marked as demo', async () => {
    expect(await loadDemoDataOnce(ctx.database.pool)).toBe('loaded');
    expect(await postCount(ctx)).toBe(DEMO_POST_COUNT);
    expect(await postCount(ctx, true)).toBe(DEMO_POST_COUNT);

    const member = await registerMember(ctx.app);
    const res = await ctx.app.inject(as(member.cookie, { method: 'GET', url: '/api/posts?limit=100' }));
    const posts = res.json() as Post[];
    expect(posts).toHaveLength(DEMO_POST_COUNT);
    expect(new Set(posts.map((p) => p.type))).toEqual(new Set(POST_TYPES));
    expect(REGIONS.filter((r) => !posts.some((p) => p.region === r))).toEqual([]);
    expect(posts.every((p) => p.ownerName === 'Demo neighbour' && p.contact === 'This is a demo post')).toBe(
      true,
    );
    expect(posts.every((p) => p.latitude !== null && p.userId === null && p.isDemo)).toBe(true);

    const map = await ctx.app.inject(
      as(member.cookie, { method: 'GET', url: '/api/posts/map?bbox=-180,-85,180,85&zoom=3' }),
    );
    expect((map.json() as MapResponse).total).toBe(DEMO_POST_COUNT);
  });

  it('loads it only once, even after every post is deleted', async () => {
    expect(await loadDemoDataOnce(ctx.database.pool)).toBe('done-before');
    expect(await postCount(ctx)).toBe(DEMO_POST_COUNT);
    await ctx.database.db.execute(sql`DELETE FROM posts`);
    expect(await loadDemoDataOnce(ctx.database.pool)).toBe('done-before');
    expect(await postCount(ctx)).toBe(0);
  });

  it('loads it once when two instances start together', async () => {
    await ctx.database.db.execute(sql`DELETE FROM app_settings WHERE key = ${DEMO_SETTING}`);
    const outcomes = await Promise.all([
      loadDemoDataOnce(ctx.database.pool),
      loadDemoDataOnce(ctx.database.pool),
    ]);
    expect(outcomes.sort()).toEqual(['done-before', 'loaded']);
    expect(await postCount(ctx)).toBe(DEMO_POST_COUNT);
  });
});

describe('demo data on a database that has posts', () => {
  const ctx = useTestApp();

  it('adds nothing, and remembers that it was offered', async () => {
    await insertPost(ctx, { title: 'A real post' });
    expect(await loadDemoDataOnce(ctx.database.pool)).toBe('not-empty');
    await ctx.database.db.execute(sql`DELETE FROM posts`);
    expect(await loadDemoDataOnce(ctx.database.pool)).toBe('done-before');
    expect(await postCount(ctx)).toBe(0);
  });
});

describe('a bulk seed of load-test posts', () => {
  const ctx = useTestApp();

  /** The secondary indexes of posts as they are defined, with their columns' statistics targets. */
  async function indexesOfPosts() {
    const { rows } = await ctx.database.db.execute<{ definition: string; target: number }>(
      sql`SELECT pg_get_indexdef(c.oid) AS definition, a.attstattarget::int AS target
          FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid JOIN pg_attribute a ON a.attrelid = c.oid
          WHERE x.indrelid = 'posts'::regclass AND NOT x.indisprimary AND NOT x.indisunique
          ORDER BY 1, a.attnum`,
    );
    return rows.map((r) => ({ ...r, target: r.target > 0 ? r.target : null }));
  }

  it('builds the indexes it dropped again as they were, the search keys’ statistics target included', async () => {
    const before = await indexesOfPosts();
    expect(before).toContainEqual({ definition: expect.stringContaining('search_keys('), target: 400 });
    const client = await ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      const statements = await dropSecondaryIndexes(client);
      for (const statement of statements) await client.query(statement);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await indexesOfPosts()).toEqual(before);
  });
});
