import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { haversineMiles } from '../../src/domain/geo';
import { areaOf } from '../../src/domain/post-values';
import {
  BBOX_MESSAGES,
  MAP_POINTS_ZOOM,
  bboxParam,
  cellCentre,
  gridLevel,
  gridOf,
  parseBbox,
  viewBox,
  type Bbox,
} from '../../src/domain/map';
import {
  AMOUNT_WORDS,
  SEARCH_FIELD_SEPARATOR,
  type MapResponse,
  type Post,
  type PostFilters,
} from '../../src/domain/posts';
import { generatePost, seededRandom, type GeneratedPost } from '../../src/server/modules/demo/generate';
import { insertPosts } from '../../src/server/modules/demo/insert';
import { createMapRepository } from '../../src/server/modules/posts/map/repository';
import { filterConditions } from '../../src/server/modules/posts/filters';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { insertPost } from './posts-helpers';

const ctx = useTestApp();

const WORLD = '-180,-85,180,85';
const ONTARIO = '-84,41.5,-74,47';
/** Ottawa, far from every generated post (they are around Toronto and cottage country). */
const OTTAWA = { latitude: 45.4215, longitude: -75.6972, publicLatitude: 45.4248, publicLongitude: -75.7011 };
const AROUND_OTTAWA = '-75.72,45.41,-75.68,45.435';
const ORIGIN = { lat: 43.6532, lng: -79.3832 };

let generated: GeneratedPost[];
let ottawaId: string;
let member: Member;
let owner: Member;

beforeAll(async () => {
  const rng = seededRandom(99);
  generated = Array.from({ length: 700 }, () =>
    generatePost(rng, { now: new Date(Date.now() - 60_000), ageDays: 365 }),
  );
  await insertPosts(ctx.database.pool, generated);
  member = await registerMember(ctx.app);
  owner = await registerMember(ctx.app);
  ottawaId = await insertPost(ctx, {
    ...OTTAWA,
    userId: owner.id,
    title: 'Ottawa pears',
    type: 'fruit',
    quantity: 'lots',
    createdAt: new Date(),
  });
});

function map(query: string, cookie: string | null = member.cookie) {
  const opts = { method: 'GET' as const, url: `/api/posts/map?${query}` };
  return ctx.app.inject(cookie ? as(cookie, opts) : opts);
}
async function mapOk(query: string, cookie: string | null = member.cookie): Promise<MapResponse> {
  const res = await map(query, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MapResponse;
}
const counted = (body: MapResponse) =>
  body.items.reduce((n, i) => n + (i.kind === 'cluster' ? i.count : 1), 0);
const pointsOf = (body: MapResponse) => body.items.flatMap((i) => (i.kind === 'point' ? [i.post] : []));

/** The generated posts (and the Ottawa one) a filter keeps, by the meanings of spec §5. */
function expected(
  keep: (p: Pick<GeneratedPost, 'type' | 'status' | 'quantity' | 'title'>) => boolean,
): number {
  const ottawa = { type: 'fruit', status: 'available', quantity: 'lots', title: 'Ottawa pears' } as const;
  return generated.filter((p) => p.publicLatitude !== null && keep(p)).length + (keep(ottawa) ? 1 : 0);
}
/** A word beginning with 'pear'. */
const PEAR_WORD = /(?:^|[^a-z0-9])pear/;
const hasAmount = (q: string, amount: keyof typeof AMOUNT_WORDS) =>
  AMOUNT_WORDS[amount].some((w) => q.toLowerCase().includes(w));

describe('GET /api/posts/map', () => {
  it('clusters a zoomed-out view, with counts that add up to every post with coordinates', async () => {
    const body = await mapOk(`bbox=${WORLD}&zoom=3`);
    expect(body.total).toBe(expected(() => true));
    expect(counted(body)).toBe(body.total);
    expect(body.items.some((i) => i.kind === 'cluster' && i.count > 1)).toBe(true);
  });

  it('shows a post alone in its cell as a point among clusters', async () => {
    const body = await mapOk(`bbox=${ONTARIO}&zoom=6`);
    expect(counted(body)).toBe(body.total);
    expect(pointsOf(body).map((p) => p.id)).toContain(ottawaId);
  });

  it('shows a post alone in its cell as itself when zoomed in, at its public point, the exact one only to the owner', async () => {
    const body = await mapOk(`bbox=${AROUND_OTTAWA}&zoom=15`);
    expect(body).toMatchObject({
      total: 1,
      items: [
        {
          kind: 'point',
          post: { id: ottawaId, latitude: OTTAWA.publicLatitude, longitude: OTTAWA.publicLongitude },
        },
      ],
    });
    const mine = await mapOk(`bbox=${AROUND_OTTAWA}&zoom=15`, owner.cookie);
    expect(pointsOf(mine)[0]).toMatchObject({ latitude: OTTAWA.latitude, longitude: OTTAWA.longitude });
  });

  it('clusters a few posts that share a cell instead of piling their pins, and parts them at street level', async () => {
    // Two posts 100 m apart in Thunder Bay, far from every other post: the view holds only them.
    // Older than the rest, so the newest post (a guest's preview, below) stays the same.
    const at = { lat: 48.3809, lng: -89.2477 };
    const ids = await Promise.all(
      [0, 0.0009].map((dLat, n) =>
        insertPost(ctx, {
          userId: owner.id,
          title: `Thunder Bay apples ${n}`,
          latitude: at.lat + dLat,
          longitude: at.lng,
          publicLatitude: at.lat + dLat,
          publicLongitude: at.lng,
          createdAt: new Date(Date.now() - 2 * 365 * 86_400_000),
        }),
      ),
    );
    const view = (zoom: number) => mapOk(`bbox=${bboxParam(viewBox(at, zoom, 1280, 800))}&zoom=${zoom}`);
    const city = await view(12);
    expect(city).toMatchObject({ total: 2, items: [{ kind: 'cluster', count: 2 }] });
    const street = await view(MAP_POINTS_ZOOM);
    expect(street.total).toBe(2);
    expect(
      pointsOf(street)
        .map((p) => p.id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('answers /api/posts/map rather than /api/posts/:id', async () => {
    expect((await map('bbox=0,0,1,1&zoom=5')).statusCode).toBe(200);
  });

  it.each([
    ['type=firewood', (p: GeneratedPost) => p.type === 'firewood'],
    ['status=limited', (p: GeneratedPost) => p.status === 'limited'],
    ['amount=small', (p: GeneratedPost) => hasAmount(p.quantity, 'small')],
    ['amount=medium&type=fruit', (p: GeneratedPost) => hasAmount(p.quantity, 'medium') && p.type === 'fruit'],
    [
      'amount=large&status=available',
      (p: GeneratedPost) => hasAmount(p.quantity, 'large') && p.status === 'available',
    ],
    // 'pears' asks for words beginning with 'pear', the singular too (docs/decisions/0141).
    ['q=PEARS', (p: GeneratedPost) => PEAR_WORD.test(p.title.toLowerCase()) || PEAR_WORD.test(generatedText(p))],
  ] as const)('applies the list filter %s', async (query, keep) => {
    const body = await mapOk(`bbox=${WORLD}&zoom=3&${query}`);
    expect(body.total).toBe(
      expected(keep as (p: Pick<GeneratedPost, 'type' | 'status' | 'quantity' | 'title'>) => boolean),
    );
    expect(counted(body)).toBe(body.total);
  });

  it('applies region and distance filters like the list', async () => {
    const inToronto = await mapOk(`bbox=${WORLD}&zoom=3&region=toronto`);
    expect(inToronto.total).toBe(
      generated.filter((p) => p.publicLatitude !== null && p.region === 'toronto').length,
    );
    const near = await mapOk(`bbox=${WORLD}&zoom=3&distance=5miles`);
    const within = generated.filter((p) => p.publicLatitude !== null && milesFromOrigin(p) <= 5).length;
    expect(Math.abs(near.total - within)).toBeLessThanOrEqual(1); // a post on the 5-mile line may round either way
    expect(near.total).toBeGreaterThan(0);
  });

  it.each([
    ['bbox=a,b,c,d&zoom=3', 'bbox must be "west,south,east,north"'],
    ['bbox=170,0,-170,10&zoom=3', BBOX_MESSAGES.antimeridian],
    ['bbox=0,10,10,10&zoom=3', BBOX_MESSAGES.empty],
    ['bbox=-200,0,10,10&zoom=3', BBOX_MESSAGES.range],
    ['zoom=3', undefined],
    ['bbox=0,0,1,1&zoom=99', undefined],
  ])('refuses %s with 400', async (query, message) => {
    const res = await map(query);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });
});

describe('the viewing gate on the map (DECISIONS 7)', () => {
  it('gives a guest the true total in clusters without post data, and only the preview post', async () => {
    const [preview] = (await ctx.app.inject({ method: 'GET', url: '/api/posts' })).json() as Post[];
    expect(preview!.id).toBe(ottawaId);
    const guest = await mapOk(`bbox=${ONTARIO}&zoom=6`, null);
    const full = await mapOk(`bbox=${ONTARIO}&zoom=6`);
    expect(guest.total).toBe(full.total);
    expect(counted(guest)).toBe(guest.total);
    expect(pointsOf(guest).map((p) => p.id)).toEqual([ottawaId]);
    for (const item of guest.items)
      if (item.kind === 'cluster')
        expect(Object.keys(item).sort()).toEqual(['count', 'kind', 'latitude', 'longitude']);
  });

  it('keeps a guest to coarse cells with cluster centres at the cell centre, even zoomed in', async () => {
    const box = parseBbox('-79.40,43.64,-79.30,43.70') as Bbox;
    const guest = await mapOk('bbox=-79.40,43.64,-79.30,43.70&zoom=18', null);
    expect(pointsOf(guest)).toEqual([]);
    const grid = gridOf(box, 11);
    for (const item of guest.items) {
      if (item.kind !== 'cluster') continue;
      const centres = range(grid.x0, grid.x1).flatMap((x) =>
        range(grid.y0, grid.y1).map((y) => cellCentre(grid.level, x, y)),
      );
      expect(
        centres.some(
          (c) => Math.abs(c.lat - item.latitude) < 1e-4 && Math.abs(c.lng - item.longitude) < 1e-4,
        ),
      ).toBe(true);
    }
  });
});

describe('map cells', () => {
  const filters = (f: Partial<PostFilters>): PostFilters => ({
    q: undefined,
    status: 'all',
    amount: 'all',
    distance: 'all',
    region: 'all',
    ...f,
  });

  it.each([
    [3, {}],
    [9, { type: 'fruit' as const }],
    [12, { status: 'available' as const, amount: 'large' as const }],
    [16, { region: 'scarborough' as const, type: 'skids' as const }],
  ])('count the same from map_cells as from the posts (zoom %i, %j)', async (zoom, f) => {
    const repo = createMapRepository(ctx.database.db);
    const grid = gridOf(parseBbox('-80,43.4,-78.9,44') as Bbox, zoom);
    expect(grid.level).toBe(gridLevel(zoom));
    const byKey = (rows: { cx: number; cy: number; n: number }[]) =>
      rows.map((r) => `${r.cx}:${r.cy}:${r.n}`).sort();
    const fromTable = await repo.cellsFromTable(grid, filters(f));
    expect(byKey(fromTable)).toEqual(
      byKey(await repo.cellsFromPosts(grid, filterConditions(filters(f), ORIGIN))),
    );
  });

  it('keep the point indexes whole: a partial one could be ANDed whole into a search (docs/decisions/0089)', async () => {
    const { rows } = await ctx.database.db.execute<{ indexname: string; indexdef: string }>(
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'posts' AND indexname LIKE 'posts_public_%'`,
    );
    expect(rows.map((r) => r.indexname).sort()).toEqual(['posts_public_earth_idx', 'posts_public_point_idx']);
    for (const r of rows) expect(r.indexdef).not.toMatch(/ WHERE /);
  });

  it("find a lone post at its cell's mean point, and in its cell when the mean is not its point", async () => {
    const repo = createMapRepository(ctx.database.db);
    const grid = gridOf(parseBbox(AROUND_OTTAWA) as Bbox, 16);
    const [cell] = (await repo.cellsFromTable(grid, filters({}))).filter((c) => c.n === 1);
    expect(cell).toMatchObject({ lat: OTTAWA.publicLatitude, lng: OTTAWA.publicLongitude });
    const where = filterConditions(filters({}), ORIGIN);
    const at = await repo.idsInCells(grid.level, [cell!], where);
    expect(at.get(`${cell!.cx}:${cell!.cy}`)).toBe(ottawaId);
    // An estimated or since-changed count: its mean is no post's point, the cell's posts are read.
    const off = await repo.idsInCells(grid.level, [{ ...cell!, lat: cell!.lat + 1e-5 }], where);
    expect(off.get(`${cell!.cx}:${cell!.cy}`)).toBe(ottawaId);
    const other = await repo.idsInCells(
      grid.level,
      [cell!],
      filterConditions(filters({ type: 'skids' }), ORIGIN),
    );
    expect(other.size).toBe(0);
    // The probe at the spot checks the exact filters alone (a search's index condition stays out
    // of it); reading the cell checks the whole condition.
    const probed = await repo.idsInCells(grid.level, [cell!], sql`false`, where);
    expect(probed.get(`${cell!.cx}:${cell!.cy}`)).toBe(ottawaId);
    const read = await repo.idsInCells(grid.level, [{ ...cell!, lat: cell!.lat + 1e-5 }], sql`false`, where);
    expect(read.size).toBe(0);
  });

  it('stay in step with posts through inserts, updates and deletes', async () => {
    const db = ctx.database.db;
    await db.execute(
      sql`UPDATE posts SET status = 'limited' WHERE status = 'available' AND quantity LIKE '%a%'`,
    );
    await db.execute(sql`UPDATE posts SET public_latitude = public_latitude + 0.01 WHERE type = 'skids'`);
    await db.execute(
      sql`UPDATE posts SET public_latitude = NULL, public_longitude = NULL WHERE quantity = 'lots'`,
    );
    await db.execute(sql`DELETE FROM posts WHERE type = 'firewood' AND status = 'unavailable'`);
    const snapshot = async () =>
      (
        await db.execute<{ k: string }>(
          sql`SELECT concat_ws(':', level, grain, type, cx, cy, status, region, amount, n, round(sum_lat::numeric, 6)) AS k FROM map_cells WHERE n <> 0 ORDER BY 1`,
        )
      ).rows.map((r) => r.k);
    const kept = await snapshot();
    await db.execute(sql`SELECT map_cells_rebuild()`);
    expect(kept).toEqual(await snapshot());
  });

  it('rewrite only the rows a status change moves: not its type and cell rows (migration 0023)', async () => {
    const pool = ctx.database.pool;
    const { rows } = await pool.query<{ id: string; status: string }>(
      `SELECT id, status FROM posts WHERE public_latitude IS NOT NULL AND status = 'available' LIMIT 1`,
    );
    const post = rows[0]!;
    // Each row's xmin names the transaction that wrote its current version.
    const versions = () =>
      pool.query<{ grain: number; v: string }>(
        `SELECT m.grain, m.xmin::text AS v FROM map_cells m JOIN posts p ON p.id = $1
         WHERE m.level = 18 AND m.cx = map_cell_x(p.public_longitude, 18) AND m.cy = map_cell_y(p.public_latitude, 18)
           AND (m.grain = 15 OR m.type = p.type) ORDER BY m.grain, m.status`,
        [post.id],
      );
    const before = await versions();
    await pool.query(`UPDATE posts SET status = 'limited' WHERE id = $1`, [post.id]);
    const after = await versions();
    const kept = (all: typeof before.rows) => all.filter((r) => r.grain !== 0);
    expect(kept(before.rows).length).toBe(2);
    expect(kept(after.rows)).toEqual(kept(before.rows));
    // The full-grain rows moved: the post left `available` and joined `limited`.
    expect(after.rows.filter((r) => r.grain === 0).length).toBeGreaterThan(0);
    expect(after.rows.filter((r) => r.grain === 0)).not.toEqual(before.rows.filter((r) => r.grain === 0));
    await pool.query(`UPDATE posts SET status = 'available' WHERE id = $1`, [post.id]);
  });

  it('take concurrent writers that move posts in opposite directions without a deadlock', async () => {
    const { rows } = await ctx.database.pool.query<{ id: string; status: string }>(
      `SELECT id, status FROM posts WHERE public_latitude IS NOT NULL AND status IN ('available', 'limited') LIMIT 40`,
    );
    const flip = (r: { id: string; status: string }) =>
      ctx.database.pool.query(`UPDATE posts SET status = $2 WHERE id = $1`, [
        r.id,
        r.status === 'available' ? 'limited' : 'available',
      ]);
    await expect(Promise.all(rows.map(flip))).resolves.toHaveLength(rows.length);
    const before = await ctx.database.pool.query(
      `SELECT sum(n)::int AS n FROM map_cells WHERE level = 2 AND grain = 15`,
    );
    await ctx.database.pool.query('SELECT map_cells_rebuild()');
    const after = await ctx.database.pool.query(
      `SELECT sum(n)::int AS n FROM map_cells WHERE level = 2 AND grain = 15`,
    );
    expect(before.rows[0]).toEqual(after.rows[0]);
  });
});

/** The searched fields of a generated post as search_vector holds them: an approximate place by its area only (0106). */
function generatedText(p: GeneratedPost): string {
  return [
    p.title,
    p.description,
    p.exactLocation ? p.address : areaOf(p.address, p.region),
    p.seasonalNotes ?? '',
    p.quantity,
  ]
    .join(SEARCH_FIELD_SEPARATOR)
    .toLowerCase();
}
const milesFromOrigin = (p: GeneratedPost) =>
  haversineMiles(ORIGIN, { lat: p.publicLatitude!, lng: p.publicLongitude! });
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
