import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MapResponse } from '../../src/domain/posts';
import { areaOf, REGIONS, type RegionValue } from '../../src/domain/post-values';
import { as, registerMember, sessionCookie, useTestApp, type Member } from './helpers';
import { createPost, insertPost, postForm, postsChanged } from './posts-helpers';

/**
 * A search finds an approximate-location post by what a guest is shown of its place, its area,
 * never by its street (DECISIONS 24, docs/decisions/0106): otherwise the list's total and cards and
 * the map's counts would tell anyone the street and house number, a search at a time.
 */
const ctx = useTestApp();

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
/** Scarborough: the exact spots and, 300-600 m off, the public points of the approximate posts. */
const BIRCHMOUNT = {
  latitude: 43.6951,
  longitude: -79.2642,
  publicLatitude: 43.6987,
  publicLongitude: -79.2601,
};
const MIDLAND = {
  latitude: 43.7862,
  longitude: -79.2791,
  publicLatitude: 43.7831,
  publicLongitude: -79.2748,
};
const NEARBY = { latitude: 43.6962, longitude: -79.2655, publicLatitude: 43.6962, publicLongitude: -79.2655 };
const WARDEN = { lat: 43.7211, lng: -79.2921 };
const MAP = 'bbox=-79.45,43.6,-79.1,43.9&zoom=11';

const ids: Record<string, string> = {};
let member: Member;
let dayPass: string;

beforeAll(async () => {
  // Approximate, the area after the address's last comma.
  ids.pear = await insertPost(ctx, {
    ...BIRCHMOUNT,
    title: 'Bosc pear tree',
    description: 'Ripe in September',
    address: '21 Birchmount Rd, Scarborough',
    region: 'scarborough',
    createdAt: hoursAgo(1),
  });
  // Approximate, no comma: the area is the region's name.
  ids.plums = await insertPost(ctx, {
    ...MIDLAND,
    title: 'Damson plums',
    description: 'A whole tree',
    address: '14 Midland Ave',
    region: 'scarborough',
    createdAt: hoursAgo(2),
  });
  // On the same street, at its exact spot, shown to everyone with its address.
  ids.crabapples = await insertPost(ctx, {
    ...NEARBY,
    title: 'Crabapple tree',
    description: 'By the sidewalk',
    address: '35 Birchmount Rd, Scarborough',
    region: 'scarborough',
    exactLocation: true,
    createdAt: hoursAgo(3),
  });
  // Approximate, its address ending in a province and a postal code: the area is the town (0130).
  ids.elder = await insertPost(ctx, {
    ...BIRCHMOUNT,
    title: 'Elderberry bush',
    description: 'Heavy with berries',
    address: '40 Danforth Rd, Scarborough, ON M1L 3Z6',
    region: 'scarborough',
    createdAt: hoursAgo(4),
  });
  member = await registerMember(ctx.app);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-one-time-payment',
    payload: { type: 'day' },
    remoteAddress: '10.74.0.1',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  dayPass = sessionCookie(paid);
});

type Viewer = 'a guest' | 'a guest with a day pass' | 'a member';
const VIEWERS: Viewer[] = ['a guest', 'a guest with a day pass', 'a member'];
const cookieOf = (viewer: Viewer) =>
  viewer === 'a guest' ? null : viewer === 'a member' ? member.cookie : dayPass;

let calls = 0;
/** A call as `viewer`, from an address of its own, so no preview limit is met. */
function get(viewer: Viewer, url: string) {
  calls += 1;
  const opts = {
    method: 'GET' as const,
    url,
    remoteAddress: `10.74.${1 + Math.floor(calls / 250)}.${calls % 250}`,
  };
  const cookie = cookieOf(viewer);
  return ctx.app.inject(cookie ? as(cookie, opts) : opts);
}

const names = (list: { id: string }[]) =>
  list.map((p) => Object.keys(ids).find((k) => ids[k] === p.id) ?? p.id);

/** What `viewer` learns of a search: the list's total and cards (a guest's first card), and the map's counts. */
async function search(viewer: Viewer, q: string) {
  const query = `type=fruit&region=scarborough&q=${encodeURIComponent(q)}`;
  const list = await get(viewer, `/api/posts?${query}`);
  expect(list.statusCode, list.body).toBe(200);
  const map = await get(viewer, `/api/posts/map?${MAP}&${query}`);
  expect(map.statusCode, map.body).toBe(200);
  const view = map.json() as MapResponse;
  return {
    total: Number(list.headers['x-total-count']),
    cards: names(list.json()),
    mapTotal: view.total,
    mapCounted: view.items.reduce((n, i) => n + (i.kind === 'cluster' ? i.count : 1), 0),
  };
}

/** The answer a search must give: `expected` newest first (a guest without a pass is shown the first). */
async function expectFound(viewer: Viewer, q: string, expected: string[]) {
  const found = await search(viewer, q);
  const shown = viewer === 'a guest' ? expected.slice(0, 1) : expected;
  expect({ q, ...found }).toEqual({
    q,
    total: expected.length,
    cards: shown,
    mapTotal: expected.length,
    mapCounted: expected.length,
  });
}

describe.each(VIEWERS)('a search by %s', (viewer) => {
  it.each(['21 Birchmount', '21', '2', 'Midland Ave', 'midland', '14', 'Danforth', 'M1L', 'M1L 3Z6', 'm1l3z6'])(
    'finds no approximate post by its street, house number or postal code: %j',
    async (q) => {
      await expectFound(viewer, q, []);
    },
  );

  it('finds them by the words of their title and by their area, what a guest is shown', async () => {
    await expectFound(viewer, 'bosc pear', ['pear']);
    await expectFound(viewer, 'damson', ['plums']);
    await expectFound(viewer, 'elderberry', ['elder']);
    await expectFound(viewer, 'Scarborough', ['pear', 'plums', 'crabapples', 'elder']);
  });

  it('finds by a street the exact-location post on it, whose address everyone is shown, and not the approximate one', async () => {
    for (const q of ['Birchmount', 'birch', 'BIRCHMOUNT RD']) await expectFound(viewer, q, ['crabapples']);
    await expectFound(viewer, '35 Birchmount', ['crabapples']);
  });
});

describe('the search document', () => {
  it('holds the whole address of an exact location and only the area of an approximate one', async () => {
    const { rows } = await ctx.database.db.execute<{ id: string; doc: string }>(
      sql`SELECT id, search_vector::text AS doc FROM posts WHERE id IN (${ids.pear}, ${ids.plums}, ${ids.crabapples}, ${ids.elder})`,
    );
    const doc = (name: string) => rows.find((r) => r.id === ids[name])!.doc;
    // title 1-3, gap 4, description 5-7, gap 8, place 9.., gap, (no seasonal notes) gap
    expect(doc('pear')).toBe(
      "'bosc':1 'in':6 'pear':2 'ripe':5 'scarborough':9 'september':7 'tree':3 '~':4,8,10,11 '~rscarborough' '~savailable' '~tfruit'",
    );
    expect(doc('plums')).toMatch(/'scarborough':8 /);
    expect(doc('plums')).not.toMatch(/midland|'14'/);
    expect(doc('elder')).toMatch(/'scarborough':8 /);
    expect(doc('elder')).not.toMatch(/danforth|'40'|m1l|3z6|'on'/);
    expect(doc('crabapples')).toMatch(
      /^'35':8 'birchmount':9 'by':4 'crabapple':1 'rd':10 'scarborough':11 /,
    );
  });

  it('takes the area as areaOf does, in SQL (post_area_of)', async () => {
    const addresses = [
      '21 Birchmount Rd, Scarborough',
      '21 Birchmount Rd, Scarborough, Toronto',
      '  5 Cedar Lane ,  Bobcaygeon  ',
      '14 Midland Ave',
      '14 Midland Ave,',
      '14 Midland Ave, \t\n ',
      '14 Midland Ave,\u00a0Markham\u3000',
      '14 Midland Ave,\u2003\ufeff',
      'Unit 2, 14 Midland Ave\nToronto',
      ',',
      '',
      // The tail of province, postal code and country, and a postal code after the town (0130).
      '12 Maple St, Toronto, ON M4C 1A1, Canada',
      '12 Maple St, Toronto, on m4c1a1',
      '12 Maple St, Toronto ON M4C 1A1',
      '12 Maple St, Toronto M4C',
      '12 Maple St, Toronto, Ontario',
      '5 Rue Sainte-Catherine, Montréal, QUÉBEC H2X 1Y4',
      '1 Main St, Springfield, IL 62701-1234, U.S.A.',
      '12 Maple St, Bay St',
      '14 Midland Ave, ON',
      'Toronto, ON',
      'Unit 2, 14 Midland Ave, ON',
      '14 Midland Ave, M1P\u00a04R1,\u3000Canada ',
    ];
    for (const region of [...REGIONS, null] as (RegionValue | null)[])
      for (const address of addresses) {
        const { rows } = await ctx.database.db.execute<{ area: string }>(
          sql`SELECT post_area_of(${address}, ${region}::region) AS area`,
        );
        expect({ address, region, area: rows[0]!.area }).toEqual({
          address,
          region,
          area: areaOf(address, region),
        });
      }
  });
});

/** word_cells, one line per row that counts. */
const keptWords = async () =>
  (
    await ctx.database.db.execute<{ k: string }>(
      sql`SELECT concat_ws(':', word, type, cx, cy, n, round(sum_lat::numeric, 6), round(sum_lng::numeric, 6)) AS k
          FROM word_cells WHERE n <> 0 ORDER BY 1`,
    )
  ).rows.map((r) => r.k);
const keptWord = async (word: string) => (await keptWords()).filter((k) => k.startsWith(`${word}:`));

/** The kept words equal a recount from the posts, and the recount leaves them as they were. */
async function expectKeptAsRecounted() {
  const kept = await keptWords();
  await ctx.database.db.execute(sql`SELECT word_cells_rebuild()`);
  expect(await keptWords()).toEqual(kept);
}

describe('a post changed from its exact spot to an approximate one', () => {
  it('leaves the search and the map counts (word_cells) by its street once edited', async () => {
    const fields = {
      type: 'fruit',
      title: 'Serviceberry bush',
      description: 'Sweet berries',
      address: '7 Warden Ave, Scarborough',
      region: 'scarborough',
      latitude: String(WARDEN.lat),
      longitude: String(WARDEN.lng),
    };
    const created = await createPost(ctx.app, member.cookie, { ...fields, exactLocation: 'true' });
    expect(created.statusCode, created.body).toBe(201);
    ids.serviceberry = created.json().id;
    for (const viewer of VIEWERS) await expectFound(viewer, 'Warden Ave', ['serviceberry']);
    expect(await keptWord('warden')).toHaveLength(1);

    const edited = await ctx.app.inject(
      as(member.cookie, {
        method: 'PATCH',
        url: `/api/posts/${ids.serviceberry}`,
        payload: postForm({ ...fields, exactLocation: 'false' }),
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ exactLocation: false });
    for (const viewer of VIEWERS) {
      await expectFound(viewer, 'Warden Ave', []);
      await expectFound(viewer, '7', []);
      await expectFound(viewer, 'serviceberry', ['serviceberry']);
    }
    expect(await keptWord('warden')).toEqual([]);
    // Kept cut as a search asks for it (docs/decisions/0141).
    expect(await keptWord('serviceberr')).toHaveLength(1);
    await expectKeptAsRecounted();
  });

  it('moves its words in word_cells when only its exact choice or its region changes', async () => {
    // Written straight to the table: the public point stays, so only the new columns tell the trigger.
    await ctx.database.db.execute(sql`UPDATE posts SET exact_location = true WHERE id = ${ids.plums}`);
    expect(await keptWord('midland')).toHaveLength(1);
    await expectKeptAsRecounted();
    await ctx.database.db.execute(sql`UPDATE posts SET exact_location = false WHERE id = ${ids.plums}`);
    expect(await keptWord('midland')).toEqual([]);
    await expectKeptAsRecounted();
    // Its address has no comma: its area is its region's name.
    await ctx.database.db.execute(sql`UPDATE posts SET region = 'toronto' WHERE id = ${ids.plums}`);
    expect((await keptWord('toronto')).length).toBeGreaterThan(0);
    await expectKeptAsRecounted();
    await ctx.database.db.execute(sql`UPDATE posts SET region = 'scarborough' WHERE id = ${ids.plums}`);
    expect(await keptWord('toronto')).toEqual([]);
    await expectKeptAsRecounted();
    await postsChanged(ctx);
  });
});
