import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REGION_LABELS, type RegionValue } from '../../src/domain/post-values';
import { POPULAR_AREAS, POPULAR_DAYS } from '../../src/domain/stats-values';
import { seedPosts } from '../../src/server/modules/demo/seed';
import { useTestApp } from './helpers';

/**
 * The popular areas are read from counts kept per area and day by triggers on posts
 * (docs/decisions/0091): after inserts, edits that move a post, hides, suspensions and deletes,
 * the kept counts equal a recount, and the areas equal those counted from the posts themselves.
 */
const ctx = useTestApp();
const run = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);

/** The kept counts, one line per row that counts. */
const snapshot = async () =>
  (
    await ctx.database.db.execute<{ k: string }>(
      sql`SELECT concat_ws(':', day, coalesce(town, '-'), coalesce(region::text, '-'), n) AS k FROM area_days WHERE n <> 0 ORDER BY 1`,
    )
  ).rows.map((r) => r.k);

beforeAll(async () => {
  // Posts over the last 60 days (so some fall out of the 30-day window), through the triggers.
  await seedPosts(ctx.database.pool, { count: 1500, seed: 7, batchSize: 400 });
  await run(sql`UPDATE posts SET created_at = now() - (random() * interval '60 days')`);
}, 120_000);

describe('area_days', () => {
  it('follows every write and equals a recount', async () => {
    await run(
      sql`UPDATE posts SET address = address || ', Leaside' WHERE id IN (SELECT id FROM posts ORDER BY id LIMIT 40)`,
    );
    await run(
      sql`UPDATE posts SET address = 'Lot behind the barn' WHERE id IN (SELECT id FROM posts ORDER BY id DESC LIMIT 30)`,
    );
    await run(
      sql`UPDATE posts SET hidden_at = now() WHERE id IN (SELECT id FROM posts ORDER BY id OFFSET 100 LIMIT 50)`,
    );
    await run(
      sql`UPDATE posts SET owner_suspended = true WHERE id IN (SELECT id FROM posts ORDER BY id OFFSET 200 LIMIT 50)`,
    );
    await run(
      sql`UPDATE posts SET owner_suspended = false WHERE id IN (SELECT id FROM posts ORDER BY id OFFSET 200 LIMIT 20)`,
    );
    await run(
      sql`UPDATE posts SET status = 'unavailable', title = title || '!' WHERE id IN (SELECT id FROM posts ORDER BY id OFFSET 300 LIMIT 50)`,
    );
    await run(sql`DELETE FROM posts WHERE id IN (SELECT id FROM posts ORDER BY id OFFSET 400 LIMIT 60)`);
    const kept = await snapshot();
    expect(kept.some((k) => k.includes(':Leaside:'))).toBe(true);
    expect(kept.some((k) => /^\d{4}-\d\d-\d\d:-:[a-z]/.test(k))).toBe(true); // a region's row: no town
    await run(sql`SELECT area_days_rebuild()`);
    expect(kept).toEqual(await snapshot());
  });

  it('gives the popular areas counted from the posts themselves', async () => {
    const { rows } = await ctx.database.db.execute<{ town: string | null; region: RegionValue | null }>(sql`
      SELECT post_town(address) AS town, region FROM posts
      WHERE hidden_at IS NULL AND NOT owner_suspended AND created_at AT TIME ZONE 'UTC' >= (now() AT TIME ZONE 'UTC')::date - ${POPULAR_DAYS - 1}::int`);
    const counted = new Map<string, number>();
    for (const r of rows) {
      const area = r.town ?? (r.region ? REGION_LABELS[r.region] : null);
      if (area) counted.set(area, (counted.get(area) ?? 0) + 1);
    }
    const areas = await ctx.app.posts.popularAreas(POPULAR_DAYS, POPULAR_AREAS);
    expect(areas).toHaveLength(POPULAR_AREAS);
    for (const { area, posts } of areas) expect(posts, area).toBe(counted.get(area));
    const least = Math.min(...areas.map((a) => a.posts));
    const shown = new Set(areas.map((a) => a.area));
    for (const [area, n] of counted) if (!shown.has(area)) expect(n, area).toBeLessThanOrEqual(least);
  });
});
