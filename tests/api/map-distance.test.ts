import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LatLng } from '../../src/domain/geo';
import { gridOf, viewBox, type Bbox } from '../../src/domain/map';
import { PostFilters, type MapResponse } from '../../src/domain/posts';
import { seedPosts } from '../../src/server/modules/demo/seed';
import { filterConditions, nearestOrderSql } from '../../src/server/modules/posts/filters';
import { countCells, type LayoutDeps } from '../../src/server/modules/posts/map/layout';
import { createMapRepository, type CellCount } from '../../src/server/modules/posts/map/repository';
import { createWordCellsRepository } from '../../src/server/modules/posts/map/word-cells';
import { createTotalsRepository } from '../../src/server/modules/posts/totals/repository';
import { createCoverCache } from '../../src/server/modules/posts/circle/cover';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { postsChanged } from './posts-helpers';

/**
 * The map with a distance filter counts whole map_cells inside the circle and the posts of its
 * rim (docs/decisions/0030); it must give what grouping every matching post gives.
 */
const ctx = useTestApp();
const TORONTO = { lat: 43.6532, lng: -79.3832 };
const NORTH_YORK = { lat: 43.7615, lng: -79.4111 };

let deps: LayoutDeps;
let member: Member;

beforeAll(async () => {
  // Realistic posts (the GTA and cottage regions, every status and amount word), through the triggers.
  await seedPosts(ctx.database.pool, { count: 5000, seed: 23, batchSize: 1000 });
  await ctx.database.db.execute(sql`UPDATE posts SET status = 'limited' WHERE quantity ILIKE '%box%'`);
  await postsChanged(ctx);
  const counts = createTotalsRepository(ctx.database.db);
  deps = {
    map: createMapRepository(ctx.database.db),
    words: createWordCellsRepository(ctx.database.db),
    coverOf: createCoverCache(),
    everywhere: (f) => counts.fromCounts(f),
  };
  member = await registerMember(ctx.app);
}, 120_000);

const filters = (f: Record<string, string>) => PostFilters.parse(f);

/** Cells by key, with their count and mean point. */
const byKey = (cells: CellCount[]) => new Map(cells.map((c) => [`${c.cx}:${c.cy}`, c]));

async function expectSameAsPosts(box: Bbox, zoom: number, f: PostFilters, origin: LatLng): Promise<number> {
  const grid = gridOf(box, zoom);
  const fromCover = byKey(await countCells(deps, grid, f, origin));
  const fromPosts = byKey(await deps.map.cellsFromPosts(grid, filterConditions(f, origin)));
  expect([...fromCover.keys()].sort()).toEqual([...fromPosts.keys()].sort());
  let total = 0;
  for (const [key, want] of fromPosts) {
    const got = fromCover.get(key)!;
    expect({ key, n: got.n }).toEqual({ key, n: want.n });
    expect(got.lat).toBeCloseTo(want.lat, 9);
    expect(got.lng).toBeCloseTo(want.lng, 9);
    total += got.n;
  }
  return total;
}

describe('map cells within a distance', () => {
  it.each([
    [4, '10miles', TORONTO, {}],
    [6, '5miles', TORONTO, {}],
    [9, '10miles', TORONTO, { type: 'fruit' }],
    [11, '1mile', TORONTO, {}],
    [12, '5miles', NORTH_YORK, { status: 'available' }],
    [12, '10miles', TORONTO, { amount: 'large', type: 'firewood' }],
    [13, '10miles', NORTH_YORK, { region: 'toronto' }],
    [14, '1mile', NORTH_YORK, {}],
    [16, '5miles', TORONTO, { type: 'skids' }],
    // A search for one word: counted from word_cells (docs/decisions/0095) up to zoom 13.
    [9, '10miles', TORONTO, { q: 'kindling' }],
    [12, '10miles', TORONTO, { q: 'Kindling' }],
    [13, '5miles', NORTH_YORK, { q: 'apples', type: 'fruit' }],
    // Two kept words begin with it, a filter word_cells does not keep, a circle as small as its
    // cells: the posts themselves.
    [12, '1mile', NORTH_YORK, { q: 'kindl' }],
    [12, '10miles', TORONTO, { q: 'apple' }],
    [12, '10miles', TORONTO, { q: 'kindling', status: 'available' }],
  ] as const)(
    'count the same as the posts at zoom %i within %s of %o (%j)',
    async (zoom, distance, origin, f) => {
      const near = `${origin.lat},${origin.lng}`;
      const total = await expectSameAsPosts(
        viewBox(origin, zoom, 1280, 800),
        zoom,
        filters({ ...f, distance, near }),
        origin,
      );
      if (zoom <= 13) expect(total).toBeGreaterThan(0);
    },
  );

  it.each([
    // A view whose western edge runs through the circle's middle, and one that clips its rim.
    ['cut in half', { west: TORONTO.lng, south: 43.4, east: -78.9, north: 43.9 }, 12, '10miles'],
    ['cut in half, zoomed out', { west: TORONTO.lng, south: 43.4, east: -78.9, north: 43.9 }, 8, '5miles'],
    ['clipping the rim', { west: -79.6, south: 43.6, east: -79.3, north: 43.66 }, 13, '5miles'],
    ['beside the circle', { west: -79.3, south: 43.6, east: -79.2, north: 43.7 }, 12, '1mile'],
  ] as const)('count only the circle in the view when it is %s', async (_name, box, zoom, distance) => {
    await expectSameAsPosts(box, zoom, filters({ distance }), TORONTO);
  });
});

describe('GET /api/posts/map with a distance', () => {
  const counted = (body: MapResponse) =>
    body.items.reduce((n, i) => n + (i.kind === 'cluster' ? i.count : 1), 0);
  async function get(url: string, cookie: string | null) {
    const res = await ctx.app.inject(cookie ? as(cookie, { method: 'GET', url }) : { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it.each([
    ['distance=10miles', 9],
    ['distance=5miles&type=fruit&near=43.7615,-79.4111', 12],
    ['distance=1mile&status=available', 14],
    ['distance=5miles&q=apples&near=43.7615,-79.4111', 13],
  ])(
    'gives every post of the list within %s, to members and (coarser) to guests, at zoom %i',
    async (query, zoom) => {
      const list = await get(`/api/posts?${query}&limit=100`, member.cookie);
      // The list's total can be an estimate (a rim's share of a word's kept counts, said 'about'):
      // then its rows, all on one page, are the exact count.
      const rows = (list.json() as unknown[]).length;
      const estimated = list.headers['x-total-count-estimated'] === 'true';
      if (estimated) expect(rows).toBeLessThan(100);
      const total = estimated ? rows : Number(list.headers['x-total-count']);
      expect(total).toBeGreaterThan(0);
      // A box holding the whole circle: the map's counts add up to the list's total.
      const bbox = '-80.2,43.2,-78.6,44.2';
      for (const cookie of [member.cookie, null]) {
        const body = (
          await get(`/api/posts/map?${query}&bbox=${bbox}&zoom=${zoom}`, cookie)
        ).json() as MapResponse;
        expect({ cookie: cookie !== null, total: body.total }).toEqual({ cookie: cookie !== null, total });
        expect(counted(body)).toBe(total);
      }
    },
  );
});

describe('the nearest-first distance (docs/decisions/0089)', () => {
  it("is earthdistance's own to the last bit, anywhere on earth, though worked out without its domain", async () => {
    const origins: LatLng[] = [TORONTO, { lat: -33.8688, lng: 151.2093 }, { lat: 78.2232, lng: 15.6267 }, { lat: 0, lng: -179.99 }];
    for (const origin of origins) {
      // 20,000 points spread over the globe, as the posts table's columns (the SQL names "posts").
      const { rows } = await ctx.database.db.execute<{ differ: number; n: number }>(sql`
        SELECT count(*) FILTER (WHERE ${nearestOrderSql(origin)}
            <> ll_to_earth(public_latitude, public_longitude) <-> ll_to_earth(${origin.lat}::float8, ${origin.lng}::float8))::int AS differ,
          count(*)::int AS n
        FROM (SELECT (180 * (((i * 0.618033988749895) % 1) - 0.5))::float8 AS public_latitude,
                     (360 * (((i * 0.414213562373095) % 1) - 0.5))::float8 AS public_longitude
              FROM generate_series(1, 20000) AS i) AS posts`);
      expect(rows[0]).toEqual({ differ: 0, n: 20000 });
    }
  });

  it('is served by the GiST index, and a post without a point has none', async () => {
    const plan = await ctx.database.db.execute<{ 'QUERY PLAN': string }>(
      sql`EXPLAIN SELECT id FROM posts ORDER BY ${nearestOrderSql(TORONTO)} LIMIT 5`,
    );
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('posts_public_earth_idx');
    const { rows } = await ctx.database.db.execute<{ earth: string | null }>(sql`SELECT post_earth(NULL, NULL)::text AS earth`);
    expect(rows[0]!.earth).toBeNull();
  });
});
