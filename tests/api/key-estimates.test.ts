import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PostFilters } from '../../src/domain/posts';
import { seedPosts } from '../../src/server/modules/demo/seed';
import { createKeyEstimates, explainRows, readKeyStats } from '../../src/server/modules/posts/key-estimates';
import { circleKeys, keysCondition } from '../../src/server/modules/posts/search';
import { useTestApp } from './helpers';

const ctx = useTestApp();
const ORIGIN = { lat: 43.6532, lng: -79.3832 };
const NEAR = { lat: 43.7, lng: -79.42 };

beforeAll(async () => {
  // Realistic posts, analysed at the end of the seed as after a load.
  await seedPosts(ctx.database.pool, { count: 3000, seed: 5, batchSize: 1000 });
}, 120_000);

describe('the planner\'s estimate of a search, worked out in the app (docs/decisions/0101)', () => {
  const filters = (f: Partial<PostFilters>): PostFilters => ({ q: undefined, status: 'all', amount: 'all', region: 'all', distance: 'all', ...f });
  const asked: Array<[PostFilters, string[]]> = [
    [filters({ q: 'apple' }), []],
    [filters({ q: 'Apples', type: 'fruit', status: 'available' }), []],
    [filters({ q: 'st', type: 'skids', region: 'toronto', amount: 'small' }), []],
    [filters({ q: 'maple logs', type: 'firewood', status: 'limited' }), []],
    [filters({ q: 'zzzq' }), []],
    [filters({ q: 'kindling', type: 'firewood' }), circleKeys(NEAR, 10)],
    [filters({ q: 'st' }), circleKeys(ORIGIN, 25)],
    [filters({ type: 'fruit', status: 'available', region: 'toronto' }), []],
    [filters({ status: 'unavailable' }), circleKeys(ORIGIN, 10)],
    // Words only PostgreSQL's parser splits: the planner is asked.
    [filters({ q: 'apple-tree' }), []],
    [filters({ q: "o'neil", type: 'fruit' }), []],
  ];

  it('is the figure EXPLAIN gives, for words, filters and cells', async () => {
    // From the index's statistics, kept by the seed's ANALYZE: not the planner asked again.
    expect((await readKeyStats(ctx.database.db))?.shares.size).toBeGreaterThan(1000);
    const estimates = createKeyEstimates(ctx.database.db);
    for (const [f, cells] of asked) {
      const keys = keysCondition(f, cells)!;
      const explained = await explainRows(ctx.database.db, keys.getSQL());
      expect(Math.abs((await estimates.expected(keys)) - explained), JSON.stringify(f)).toBeLessThanOrEqual(1);
    }
    expect(asked.filter(([f, cells]) => keysCondition(f, cells)!.groups === null)).toHaveLength(2);
  });

  it('reads the statistics again when they are a minute old, and answers from the older ones meanwhile', async () => {
    let now = 0;
    const estimates = createKeyEstimates(ctx.database.db, () => now);
    const keys = keysCondition(filters({ q: 'apple' }))!;
    const before = await estimates.expected(keys);
    await ctx.database.db.execute(sql`INSERT INTO posts (type, title, description, address, status, owner_name, owner_initials, quantity)
      SELECT type, title, description, address, status, owner_name, owner_initials, quantity FROM posts WHERE title ILIKE '%apple%'`);
    await ctx.database.db.execute(sql`ANALYZE posts`);
    expect(await estimates.expected(keys)).toBe(before);
    now = 61_000;
    await estimates.expected(keys);
    await vi.waitFor(async () => expect(await estimates.expected(keys)).toBeGreaterThan(before * 1.5));
    const explained = await explainRows(ctx.database.db, keys.getSQL());
    expect(Math.abs((await estimates.expected(keys)) - explained)).toBeLessThanOrEqual(1);
  });
});
