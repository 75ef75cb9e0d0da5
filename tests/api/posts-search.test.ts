import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { searchWord } from '../../src/server/modules/posts/search';
import { insertPost } from './posts-helpers';

/** Search matches words within one field, never across two (spec §5 Search, docs/decisions/0035, 0071). */
const ctx = useTestApp();

const PEAR = {
  title: 'Pear Tree',
  description: 'Juicy and RIPE',
  address: '12 Elm Rd',
  seasonalNotes: 'Ready in August',
  quantity: 'Two Buckets',
} as const;
/** No seasonal notes: the address and the quantity stand side by side. */
const LOGS = { title: 'Maple logs', description: 'Seasoned', address: '40 Oak Ave', quantity: 'Lots' } as const;

const ids: Record<string, string> = {};
let member: Member;

beforeAll(async () => {
  // Exact locations: their whole address is searched (an approximate one's is not, docs/decisions/0106).
  const exact = { exactLocation: true } as const;
  ids.pear = await insertPost(ctx, { type: 'fruit', ...PEAR, ...exact, latitude: 43.66, longitude: -79.39, publicLatitude: 43.66, publicLongitude: -79.39 });
  ids.logs = await insertPost(ctx, { type: 'firewood', ...LOGS, ...exact, latitude: 43.67, longitude: -79.4, publicLatitude: 43.67, publicLongitude: -79.4 });
  member = await registerMember(ctx.app);
});

const get = (url: string) => ctx.app.inject(as(member.cookie, { method: 'GET', url }));
const names = (res: LightMyRequestResponse) => (res.json() as { id: string }[]).map((p) => Object.keys(ids).find((k) => ids[k] === p.id) ?? p.id);

async function search(q: string): Promise<string[]> {
  const res = await get(`/api/posts?type=all&q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['x-total-count']).toBe(String(res.json().length));
  return names(res);
}

/** What the searched text was before migration 0006: the fields joined by spaces. */
const joinedBySpaces = (fields: (string | null)[]) => fields.map((f) => f ?? '').join(' ').toLowerCase();

describe('search within one field (spec §5)', () => {
  it.each([
    ['pear tree', 'title'],
    ['juicy and ripe', 'description'],
    ['12 ELM', 'address (of an exact location)'],
    ['in august', 'seasonal notes'],
    ['TWO bUCKETS', 'quantity'],
  ])('finds %j in the %s, in any case', async (q) => {
    expect(await search(q)).toEqual(['pear']);
  });

  it.each([
    ['tree juicy', 'title and description'],
    ['ripe 12', 'description and address'],
    ['elm rd ready', 'address and seasonal notes'],
    ['AUGUST two', 'seasonal notes and quantity'],
  ])('finds nothing for %j, which spans the %s', async (q) => {
    const fields = [PEAR.title, PEAR.description, PEAR.address, PEAR.seasonalNotes, PEAR.quantity];
    expect(joinedBySpaces(fields)).toContain(q.toLowerCase()); // matched before 0006
    expect(await search(q)).toEqual([]);
  });

  it('finds nothing across the address and the quantity of a post without seasonal notes', async () => {
    const q = 'ave  lots';
    expect(joinedBySpaces([LOGS.title, LOGS.description, LOGS.address, null, LOGS.quantity])).toContain(q);
    expect(await search(q)).toEqual([]);
    expect(await search('oak ave')).toEqual(['logs']);
    expect(await search('lots')).toEqual(['logs']);
  });

  it('keeps the words of each field apart, with a gap between fields, and the filter tags', async () => {
    const { rows } = await ctx.database.db.execute<{ doc: string }>(sql`SELECT search_vector::text AS doc FROM posts WHERE id = ${ids.logs}`);
    // title 1-2, gap 3, description 4, gap 5, address 6-8, gap 9, (no seasonal notes) gap 10, quantity 11
    expect(rows[0]!.doc).toBe("'40':6 'ave':8 'logs':2 'lots':11 'maple':1 'oak':7 'seasoned':4 '~':3,5,9,10 '~alarge' '~rnone' '~savailable' '~tfirewood'");
  });

  it('answers a search from the search keys index, not from the text', async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT id FROM posts WHERE search_keys(search_vector, public_latitude, public_longitude) @@ search_keys_query('juicy', '{fruit}', '{}')`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('posts_search_keys_idx');
  });

  it('keeps the index\'s pending list short, since every search reads all of it (docs/decisions/0097)', async () => {
    const { rows } = await ctx.database.db.execute<{ options: string[] | null }>(
      sql`SELECT reloptions AS options FROM pg_class WHERE relname = 'posts_search_keys_idx'`,
    );
    expect(rows[0]?.options).toEqual(['gin_pending_list_limit=256']);
  });

  it('keeps statistics of 4,000 search keys, so the planner knows a word in its type (docs/decisions/0098)', async () => {
    const { rows } = await ctx.database.db.execute<{ target: number }>(
      sql`SELECT attstattarget AS target FROM pg_attribute WHERE attrelid = 'posts_search_keys_idx'::regclass AND attnum = 1`,
    );
    expect(rows[0]?.target).toBe(400);
  });

  it("runs on connections whose bitmaps stay exact and whose queries start no parallel workers", async () => {
    const { rows } = await ctx.database.db.execute<{ work_mem: string; workers: string }>(
      sql`SELECT current_setting('work_mem') AS work_mem, current_setting('max_parallel_workers_per_gather') AS workers`,
    );
    expect(rows[0]).toEqual({ work_mem: '64MB', workers: '0' });
  });

  it('matches words by their beginning, never the middle of a word', async () => {
    expect(await search('jui')).toEqual(['pear']);
    expect(await search('uicy')).toEqual([]);
    expect(await search('MAPLE LO')).toEqual(['logs']);
  });
});

describe('control characters in a search', () => {
  it.each([
    ['tree\u001fjuicy', [], 'the separator between two fields'],
    ['pear\u001ftree', ['pear'], 'the separator inside one field'],
    ['pear\ttree', ['pear'], 'a tab'],
    ['pear\r\ntree', ['pear'], 'a line break'],
    ['\u001f\u007f', ['logs', 'pear'], 'nothing else: no search'],
  ])('reads each run of them as a space: %j (%s)', async (q, expected) => {
    expect((await search(q)).sort()).toEqual(expected);
  });

  it('answers the map the same way', async () => {
    const map = (q: string) => get(`/api/posts/map?bbox=-80,43,-79,44&zoom=10&type=all&q=${encodeURIComponent(q)}`);
    const across = await map('tree\u001fjuicy');
    expect(across.statusCode, across.body).toBe(200);
    expect(across.json().total).toBe(0);
    const within = await map('PEAR\u001fTREE');
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json().total).toBe(1);
  });
});

describe('a word finds its plural and its singular (docs/decisions/0141)', () => {
  beforeAll(async () => {
    ids.cherries = await insertPost(ctx, {
      type: 'fruit',
      title: 'Sour Cherries',
      description: 'Two peach trees as well',
      address: '7 Birch St',
      quantity: 'A few boxes',
      latitude: 43.68,
      longitude: -79.41,
      publicLatitude: 43.68,
      publicLongitude: -79.41,
    });
  });

  it.each([
    ['cherry', ['cherries']],
    ['Cherries', ['cherries']],
    ['sour cherry', ['cherries']],
    ['peaches', ['cherries']],
    ['box', ['cherries']],
    ['pears', ['pear']],
    ['maple log', ['logs']],
    ['trees', ['cherries', 'pear']],
    ['sour cherry tree', []],
  ])('%j finds %j', async (q, expected) => {
    expect((await search(q)).sort()).toEqual(expected);
  });

  it('counts the same on the map, through the kept counts of a word', async () => {
    for (const q of ['cherry', 'cherries', 'peaches']) {
      const res = await get(`/api/posts/map?bbox=-80,43,-79,44&zoom=10&type=all&q=${q}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().total, q).toBe(1);
    }
  });

  it('cuts words in PostgreSQL as the app does, which names the keys it estimates', async () => {
    const words = ['cherries', 'cherry', 'peaches', 'tomatoes', 'shoes', 'glasses', 'glass', 'citrus', 'kiwis', 'hay', 'city', 'pies', 'oak', 'café', '12', 'boxes', 'logs'];
    const { rows } = await ctx.database.db.execute<{ w: string; asked: string }>(
      sql`SELECT w, search_word(w) AS asked FROM unnest(${sql.param(words)}::text[]) AS w`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.w, r.asked]))).toEqual(Object.fromEntries(words.map((w) => [w, searchWord(w)])));
  });
});
