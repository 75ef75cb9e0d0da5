import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { haversineMiles } from '../../src/domain/geo';
import { areaOf, type RegionValue } from '../../src/domain/post-values';
import {
  AMOUNT_FILTERS,
  AMOUNT_WORDS,
  DISTANCE_FILTERS,
  DISTANCE_MILES,
  POST_TYPES,
  REGION_FILTERS,
  STATUS_FILTERS,
  type MapResponse,
  type PostFilters,
} from '../../src/domain/posts';
import { seedPosts } from '../../src/server/modules/demo/seed';
import { createKeyEstimates } from '../../src/server/modules/posts/key-estimates';
import { createPaging } from '../../src/server/modules/posts/paging';
import { keysCondition } from '../../src/server/modules/posts/search';
import { createWordCellsRepository } from '../../src/server/modules/posts/map/word-cells';
import { nearestQuery, newestQuery } from '../../src/server/modules/posts/read-model/list';
import { nearWord } from '../../src/server/modules/posts/read-model/near-word';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { postsChanged } from './posts-helpers';

/**
 * Thousands of realistic posts: X-Total-Count is the exact filtered total (docs/decisions/0022),
 * and searched pages sorted by distance come in the right order, both checked against the posts
 * themselves, filtered here in plain TypeScript by the meanings of spec §5.
 */
const ctx = useTestApp();
const ORIGIN = { lat: 43.6532, lng: -79.3832 };
const NEAR = { lat: 43.7, lng: -79.42 };

type Row = {
  id: string;
  /** The words of each searched field, in order (docs/decisions/0071). */
  fields: string[][];
  type: string;
  status: string;
  region: string | null;
  quantity: string | null;
  lat: number | null;
  lng: number | null;
};

let member: Member;
let rows: Row[];

/** A field's words as a search reads them: lower-cased runs of letters and digits. */
const wordsOf = (text: string | null) => (text ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** A one-word search (spec §5, docs/decisions/0071): a word of some field begins with it. */
const matchesWord = (r: Row, q: string) => r.fields.some((words) => words.some((w) => w.startsWith(q)));

/** The searched fields: the place of an approximate location is its area alone, as a guest sees it (0106). */
async function loadRows(): Promise<Row[]> {
  const result = await ctx.database.db.execute<
    Omit<Row, 'fields'> & Record<'title' | 'description' | 'address' | 'seasonal' | 'quantity', string | null> & { exact: boolean }
  >(
    sql`SELECT id, title, description, address, exact_location AS exact, seasonal_notes AS seasonal, type, status, region, quantity,
          public_latitude AS lat, public_longitude AS lng FROM posts`,
  );
  return result.rows.map(({ exact, ...r }) => {
    const place = exact ? r.address : areaOf(r.address ?? '', r.region as RegionValue | null);
    return { ...r, fields: [r.title, r.description, place, r.seasonal, r.quantity].map(wordsOf) };
  });
}

type Filters = Pick<PostFilters, 'type' | 'status' | 'amount' | 'region' | 'distance'> & { near?: typeof NEAR };

/** The posts of spec §5's filters, counted one by one. */
function expected(f: Filters): number {
  const origin = f.near ?? ORIGIN;
  return rows.filter((r) => {
    if (f.type && r.type !== f.type) return false;
    if (f.status !== 'all' && r.status !== f.status) return false;
    if (f.region !== 'all' && r.region !== f.region) return false;
    if (f.amount !== 'all' && !AMOUNT_WORDS[f.amount].some((w) => (r.quantity ?? '').toLowerCase().includes(w))) return false;
    if (f.distance !== 'all') {
      if (r.lat === null || r.lng === null) return false;
      if (haversineMiles(origin, { lat: r.lat, lng: r.lng }) > DISTANCE_MILES[f.distance]) return false;
    }
    return true;
  }).length;
}

function query(f: Filters): string {
  const params = new URLSearchParams();
  if (f.type) params.set('type', f.type);
  for (const key of ['status', 'amount', 'region', 'distance'] as const) if (f[key] !== 'all') params.set(key, f[key]);
  if (f.near) params.set('near', `${f.near.lat},${f.near.lng}`);
  return params.toString();
}

async function totalOf(q: string) {
  const res = await ctx.app.inject(as(member.cookie, { method: 'GET', url: `/api/posts?${q}&limit=1` }));
  expect(res.statusCode, res.body).toBe(200);
  return { total: Number(res.headers['x-total-count']), estimated: res.headers['x-total-count-estimated'] === 'true' };
}

beforeAll(async () => {
  // Realistic posts (GTA and cottage regions, every status and amount word, some without a
  // point), through the triggers that keep post_counts and map_cells.
  await seedPosts(ctx.database.pool, { count: 5000, seed: 11, batchSize: 700 });
  await ctx.database.db.execute(sql`UPDATE posts SET status = 'limited' WHERE quantity ILIKE '%bag%'`);
  await ctx.database.db.execute(sql`DELETE FROM posts WHERE title ILIKE '%cherry%'`);
  await postsChanged(ctx);
  // The statistics the estimates read (key-estimates.ts), as of these posts: without this they
  // are whatever autovacuum last took, perhaps halfway through the seeding.
  await ctx.database.db.execute(sql`ANALYZE posts`);
  rows = await loadRows();
  member = await registerMember(ctx.app);
}, 120_000);

describe('X-Total-Count at scale', () => {
  it('has the data these checks need: more than 1000 posts, some without a point, every amount word', () => {
    expect(rows.length).toBeGreaterThan(3000);
    expect(rows.some((r) => r.lat === null)).toBe(true);
    for (const amount of AMOUNT_FILTERS.filter((a) => a !== 'all'))
      expect(expected({ status: 'all', region: 'all', amount, distance: 'all' })).toBeGreaterThan(0);
  });

  it('is exact above 1000 for every single filter', async () => {
    const all = { status: 'all', region: 'all', amount: 'all', distance: 'all' } as const;
    const cases: Filters[] = [
      all,
      ...POST_TYPES.map((type) => ({ ...all, type })),
      ...STATUS_FILTERS.filter((s) => s !== 'all').map((status) => ({ ...all, status })),
      ...REGION_FILTERS.filter((r) => r !== 'all').map((region) => ({ ...all, region })),
      ...AMOUNT_FILTERS.filter((a) => a !== 'all').map((amount) => ({ ...all, amount })),
      ...DISTANCE_FILTERS.filter((d) => d !== 'all').map((distance) => ({ ...all, distance })),
      ...DISTANCE_FILTERS.filter((d) => d !== 'all').map((distance) => ({ ...all, distance, near: NEAR })),
    ];
    expect(expected(all)).toBeGreaterThan(1000);
    for (const f of cases) expect({ f, ...(await totalOf(query(f))) }).toEqual({ f, total: expected(f), estimated: false });
  });

  it('is exact for combined filters, with and without a distance', async () => {
    const cases: Filters[] = [
      { type: 'fruit', status: 'available', amount: 'large', region: 'all', distance: 'all' },
      { type: 'firewood', status: 'all', amount: 'small', region: 'toronto', distance: 'all' },
      { status: 'limited', amount: 'medium', region: 'all', distance: '10miles' },
      { type: 'skids', status: 'all', amount: 'all', region: 'toronto', distance: '5miles', near: NEAR },
      { type: 'fruit', status: 'available', amount: 'all', region: 'all', distance: '1mile', near: NEAR },
    ];
    for (const f of cases) expect({ f, ...(await totalOf(query(f))) }).toEqual({ f, total: expected(f), estimated: false });
  });

  it('follows posts as they are written: counts stay equal to a recount from scratch', async () => {
    const before = await totalOf('type=skids&status=unavailable');
    await ctx.database.db.execute(sql`UPDATE posts SET status = 'unavailable' WHERE type = 'skids' AND status = 'available'`);
    await ctx.database.db.execute(sql`UPDATE posts SET quantity = 'plenty' WHERE type = 'skids' AND quantity ILIKE '%few%'`);
    await ctx.database.db.execute(sql`DELETE FROM posts WHERE type = 'skids' AND region = 'muskoka'`);
    await postsChanged(ctx);
    rows = await loadRows();
    const after = await totalOf('type=skids&status=unavailable');
    expect(after.total).toBe(expected({ type: 'skids', status: 'unavailable', amount: 'all', region: 'all', distance: 'all' }));
    expect(after.total).not.toBe(before.total);
    const snapshot = async () =>
      (
        await ctx.database.db.execute<{ k: string }>(
          sql`SELECT concat_ws(':', type, status, region, amount, n) AS k FROM post_counts WHERE n <> 0 ORDER BY 1`,
        )
      ).rows.map((r) => r.k);
    const kept = await snapshot();
    await ctx.database.db.execute(sql`SELECT post_counts_rebuild()`);
    expect(kept).toEqual(await snapshot());
  });

  it('estimates a common search from the newest posts, and counts a rarer one exactly (docs/decisions/0072)', async () => {
    const common = rows.filter((r) => matchesWord(r, 'st')).length; // stacks, strings, streets of exact spots
    expect(common).toBeGreaterThan(1000);
    const estimate = await totalOf('q=st');
    expect(estimate.estimated).toBe(true);
    expect(Math.abs(estimate.total - common) / common).toBeLessThan(0.5);
    const some = rows.filter((r) => matchesWord(r, 'st') && r.type === 'skids' && r.status === 'limited').length;
    expect(some).toBeGreaterThan(0);
    expect(some).toBeLessThan(1000);
    expect(await totalOf('q=st&type=skids&status=limited')).toEqual({ total: some, estimated: false });
  });
});

describe('a search newest first (docs/decisions/0071, 0098)', () => {
  const filtersOf = (q: string): PostFilters => ({ q, status: 'all', amount: 'all', region: 'all', distance: 'all' });

  /** The first page of `q` newest first, as the list asks for it, its walk's scope told as `scope` posts. */
  function firstPage(q: string, scope: number) {
    return createPaging(ctx.database.db).newest(newestQuery(filtersOf(q), ORIGIN, null, 21, async () => scope));
  }

  it('walks the newest posts when the walk should meet a page and a half of matches, however few; else reads every match', async () => {
    const common = rows.filter((r) => matchesWord(r, 'st')).length;
    expect(common).toBeGreaterThan(1000);
    // A large share of 5,000 posts: the walk finds the page, and a sample of the total.
    expect((await firstPage('st', rows.length)).sample).not.toBeNull();
    // The same matches among a million posts would be a few in the walk's 3,000: every match is read
    // at once, without a futile walk first, however many the planner expects.
    const page = await firstPage('st', 1_000_000);
    expect(page).toMatchObject({ matched: common, sample: null });
  });

  it('walks past 3,000 posts when reading every match would cost more than the walk (docs/decisions/0099)', async () => {
    // A word of every seeded post ('Near Willowdale.' ends each description), as many as the
    // planner expects: the walk may pass twice that number of posts.
    expect(rows.filter((r) => matchesWord(r, 'near')).length).toBe(rows.length);
    const matches = await createKeyEstimates(ctx.database.db).expected(keysCondition(filtersOf('near'))!);
    // A scope where that walk meets 40 of them, and 3,000 posts fewer than a page and a half
    // (31.5): the walk goes on past 3,000, and its page is the page.
    const scope = Math.round((matches * 2 * matches) / 40);
    expect((matches * 3000) / scope).toBeLessThan(31.5);
    const page = await firstPage('near', scope);
    expect(page.sample).not.toBeNull();
    expect(page.rows).toHaveLength(21);
  });
});

describe('a search sorted by distance', () => {
  const within = () =>
    rows
      .filter((r) => r.lat !== null && r.lng !== null)
      .map((r) => ({ ...r, miles: haversineMiles(ORIGIN, { lat: r.lat!, lng: r.lng! }) }))
      .filter((r) => r.miles <= 10);

  /** The ids of the posts within 10 miles matching `q`, nearest first, ties by id. */
  const nearestMatches = (q: string) =>
    within()
      .filter((r) => matchesWord(r, q))
      .sort((a, b) => a.miles - b.miles || (a.id < b.id ? -1 : 1))
      .map((r) => r.id);

  async function pages(q: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    let url: string | undefined = `/api/posts?distance=10miles&q=${encodeURIComponent(q)}`;
    for (let i = 0; i < count && url; i++) {
      const res: LightMyRequestResponse = await ctx.app.inject(as(member.cookie, { method: 'GET', url }));
      expect(res.statusCode, res.body).toBe(200);
      ids.push(...(res.json() as { id: string }[]).map((p) => p.id));
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    return ids;
  }

  it('pages a common word exactly as its matches sorted by distance', async () => {
    expect(within().length).toBeGreaterThan(2000); // more than the nearest posts walked first
    const expectedIds = nearestMatches('st');
    expect(await pages('st', 3)).toEqual(expectedIds.slice(0, 60));
  });

  /** A word that begins no other word (so its matches are its own), found in 22-60 posts within 10 miles. */
  function rareWord(): string {
    const words = new Map<string, number>();
    for (const r of within()) for (const w of new Set(r.fields.flat())) if (w.length > 3) words.set(w, (words.get(w) ?? 0) + 1);
    const alone = (w: string) => ![...words.keys()].some((other) => other !== w && other.startsWith(w));
    for (const w of [...words.keys()]) if (!alone(w)) words.delete(w);
    const rare = [...words].find(([, n]) => n >= 22 && n <= 60)?.[0];
    expect(rare).toBeDefined();
    return rare!;
  }

  it('pages a rare word exactly as its matches sorted by distance', async () => {
    const rare = rareWord();
    expect(await pages(rare, 4)).toEqual(nearestMatches(rare));
  });

  it('reads a kept word only in the cells around the origin, and totals it from the kept counts (docs/decisions/0096)', async () => {
    const rare = rareWord();
    const f = { q: rare, status: 'all', amount: 'all', region: 'all', distance: '10miles' } as const;
    const near = nearWord(createWordCellsRepository(ctx.database.db), f, ORIGIN)!;
    const matches = nearestMatches(rare);
    // The keys of the cells holding its nearest post find fewer posts than the circle holds.
    const nearest = await near.keys(1, null);
    expect(nearest).toMatchObject({ whole: false });
    const keys = nearest ? nearest.keys : sql`false`;
    const [found] = (await ctx.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM posts WHERE ${keys}`)).rows;
    expect(found!.n).toBeGreaterThan(0);
    expect(found!.n).toBeLessThan(matches.length);
    // The page read through the keys of its 21 nearest is theirs, and so is the page read through
    // the point index's boxes of the cells that hold them.
    const counts = { everywhere: async () => rows.length, scope: async () => within().length };
    for (const reading of [near, nearWord(createWordCellsRepository(ctx.database.db), f, ORIGIN, 0)!]) {
      const query = await nearestQuery(f, ORIGIN, null, 21, counts, reading);
      const page = await createPaging(ctx.database.db).nearest(query);
      expect(page.rows.map((r) => r.id)).toEqual(matches.slice(0, 21));
      expect(page.matched).toBeNull();
    }
    // The total: the kept counts, exact unless a cell across the circle's edge holds a match.
    const statements = vi.spyOn(ctx.database.pool, 'query');
    const total = await totalOf(`distance=10miles&q=${rare}`);
    const texts = statements.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
    statements.mockRestore();
    expect(texts.some((t) => t.includes('FROM "word_cells"'))).toBe(true);
    expect(total).toEqual(await near.total());
    if (total.estimated) expect(Math.abs(total.total - matches.length) / matches.length).toBeLessThan(0.25);
    else expect(total.total).toBe(matches.length);
  });

  it('reads every match of the circle when the cells come back with fewer than their kept counts (a post removed meanwhile)', async () => {
    const rare = rareWord();
    const f = { q: rare, status: 'all', amount: 'all', region: 'all', distance: '10miles' } as const;
    const matches = nearestMatches(rare);
    const nearest = rows.find((r) => r.id === matches[0])!;
    const cell = sql`word = ${rare} AND cx = map_cell_x(${nearest.lng}::float8, 15) AND cy = map_cell_y(${nearest.lat}::float8, 15)`;
    await ctx.database.db.execute(sql`UPDATE word_cells SET n = n + 100 WHERE ${cell}`);
    try {
      const near = nearWord(createWordCellsRepository(ctx.database.db), f, ORIGIN)!;
      expect(await near.keys(21, null)).toMatchObject({ whole: false });
      const counts = { everywhere: async () => rows.length, scope: async () => within().length };
      const page = await createPaging(ctx.database.db).nearest(await nearestQuery(f, ORIGIN, null, 21, counts, near));
      expect(page.rows.map((r) => r.id)).toEqual(matches.slice(0, 21));
    } finally {
      await ctx.database.db.execute(sql`UPDATE word_cells SET n = n - 100 WHERE ${cell}`);
    }
  });

  it("weighs a common word's walk by the circle's posts estimated from the kept counts, apart from the shown total (docs/decisions/0104)", async () => {
    await postsChanged(ctx);
    const statements = vi.spyOn(ctx.database.pool, 'query');
    const estimate = await totalOf('distance=10miles&q=st');
    const texts = statements.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
    statements.mockRestore();
    // The circle's kept counts were read, and no post of its rim was counted one by one.
    expect(texts.some((t) => t.includes('FROM "map_cells"'))).toBe(true);
    expect(texts.some((t) => t.includes('sum(p.lat)'))).toBe(false);
    const common = nearestMatches('st').length;
    expect(estimate.estimated).toBe(true);
    expect(Math.abs(estimate.total - common) / common).toBeLessThan(0.5);
    // The same circle's total, shown without a search, is still counted exactly.
    expect(await totalOf('distance=10miles')).toEqual({ total: within().length, estimated: false });
  });

  it('counts the posts of the circle (the walk of the nearest posts) only for a word common enough to walk', async () => {
    const paging = createPaging(ctx.database.db);
    const counted: string[] = [];
    async function firstPage(q: string) {
      const f = { q, status: 'all', amount: 'all', region: 'all', distance: '10miles' } as const;
      const query = await nearestQuery(f, ORIGIN, null, 21, {
        everywhere: async () => rows.length,
        scope: async () => {
          counted.push(q);
          return within().length;
        },
      });
      return (await paging.nearest(query)).rows.map((r) => r.id);
    }
    const rare = rareWord();
    expect(await firstPage(rare)).toEqual(nearestMatches(rare).slice(0, 21));
    expect(counted).toEqual([]);
    expect(await firstPage('st')).toEqual(nearestMatches('st').slice(0, 21));
    expect(counted).toEqual(['st']);
  });
});

// Last: it moves a post, which the checks above count from `rows`.
describe('a cached map view (docs/decisions/0061)', () => {
  it('shows the owner the exact spot of a post alone in its cell, and everyone else its public point', async () => {
    const owner = await registerMember(ctx.app);
    const exact = { lat: 48.45, lng: -89.2 };
    const shown = { lat: 48.4532, lng: -89.1968 };
    const id = (await ctx.database.db.execute<{ id: string }>(sql`SELECT id FROM posts WHERE public_latitude IS NOT NULL LIMIT 1`)).rows[0]!.id;
    await ctx.database.db.execute(
      sql`UPDATE posts SET user_id = ${owner.id}, exact_location = false, latitude = ${exact.lat}, longitude = ${exact.lng},
          public_latitude = ${shown.lat}, public_longitude = ${shown.lng} WHERE id = ${id}`,
    );
    await postsChanged(ctx);
    // Ontario with the GTA's thousands of posts (a view big enough to be cached), and Thunder Bay.
    const url = '/api/posts/map?bbox=-95,41,-74,52&zoom=5';
    const seenBy = async (viewer: Member) => {
      const res = await ctx.app.inject(as(viewer.cookie, { method: 'GET', url, headers: { 'accept-encoding': 'gzip' } }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      const view = JSON.parse(gunzipSync(res.rawPayload).toString()) as MapResponse;
      expect(view.total).toBeGreaterThan(2000);
      const item = view.items.find((i) => i.kind === 'point' && i.post.id === id);
      return item?.kind === 'point' ? item.post.latitude : undefined;
    };
    // A neighbour first, so the layout and its shared body are cached before the owner asks.
    expect([await seenBy(member), await seenBy(owner), await seenBy(member)]).toEqual([shown.lat, exact.lat, shown.lat]);
  });
});
