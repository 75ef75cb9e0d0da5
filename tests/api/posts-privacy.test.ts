import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MapResponse, Post } from '../../src/domain/posts';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { insertPost } from './posts-helpers';

const ctx = useTestApp();

/** The configured default origin (Toronto) and a degree of latitude in miles (3959-mile earth). */
const ORIGIN = { lat: 43.6532, lng: -79.3832 };
const MILE = 1 / ((3959 * Math.PI) / 180);
const north = (miles: number) => ORIGIN.lat + miles * MILE;

let owner: Member;
let neighbour: Member;
const ids: Record<string, string> = {};

/**
 * Posts whose exact spot and public point differ, so a filter, sort or distance computed from the
 * exact spot would give a different answer (issue 3: every distance comes from the public point).
 */
beforeAll(async () => {
  owner = await registerMember(ctx.app);
  neighbour = await registerMember(ctx.app);
  // Exactly at the origin, but shown 3 miles north.
  ids.home = await insertPost(ctx, {
    userId: owner.id,
    title: 'Home tree',
    latitude: ORIGIN.lat,
    longitude: ORIGIN.lng,
    publicLatitude: north(3),
    publicLongitude: ORIGIN.lng,
  });
  // Exactly 2 miles north, shown there too (the poster showed the exact spot).
  ids.park = await insertPost(ctx, {
    title: 'Park tree',
    latitude: north(2),
    longitude: ORIGIN.lng,
    publicLatitude: north(2),
    publicLongitude: ORIGIN.lng,
    exactLocation: true,
  });
});

const list = async (member: Member, query: string) => {
  const res = await ctx.app.inject(as(member.cookie, { method: 'GET', url: `/api/posts?${query}` }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Post[];
};

describe('distances come from the public point, never the exact spot', () => {
  it('filters by the public point: the post whose exact spot is at the origin is not within 1 mile', async () => {
    expect((await list(neighbour, 'distance=1mile')).map((p) => p.id)).toEqual([]);
    expect((await list(neighbour, 'distance=5miles')).map((p) => p.id)).toEqual([ids.park, ids.home]);
  });

  it('sorts nearest first by the public point', async () => {
    const posts = await list(neighbour, 'distance=10miles');
    expect(posts.map((p) => p.id)).toEqual([ids.park, ids.home]);
    expect(posts[1]!.distanceMiles).toBeCloseTo(3, 1);
  });

  it('gives the owner the same distance as everyone else, with the exact spot', async () => {
    const [mine] = (await list(owner, 'distance=10miles')).filter((p) => p.id === ids.home);
    expect(mine).toMatchObject({ latitude: ORIGIN.lat, longitude: ORIGIN.lng });
    expect(mine!.distanceMiles).toBeCloseTo(3, 1);
  });

  it('shows others only the public point, in the list, one post and the map', async () => {
    const [listed] = (await list(neighbour, 'q=home')).filter((p) => p.id === ids.home);
    expect(listed).toMatchObject({ latitude: north(3), longitude: ORIGIN.lng });
    const one = await ctx.app.inject(as(neighbour.cookie, { method: 'GET', url: `/api/posts/${ids.home}` }));
    expect(one.json()).toMatchObject({ latitude: north(3), longitude: ORIGIN.lng });
    const bbox = `${ORIGIN.lng - 0.5},${ORIGIN.lat - 0.5},${ORIGIN.lng + 0.5},${ORIGIN.lat + 0.5}`;
    const map = await ctx.app.inject(as(neighbour.cookie, { method: 'GET', url: `/api/posts/map?bbox=${bbox}&zoom=16` }));
    expect(map.statusCode, map.body).toBe(200);
    const points = (map.json() as MapResponse).items.flatMap((i) => (i.kind === 'point' ? [i.post] : []));
    expect(points.find((p) => p.id === ids.home)).toMatchObject({ latitude: north(3), longitude: ORIGIN.lng });
  });
});

describe('cached and compressed bodies (docs/decisions/0061)', () => {
  const gzipped = async (member: Member, url: string) => {
    const res = await ctx.app.inject(as(member.cookie, { method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    return JSON.parse(gunzipSync(res.rawPayload).toString()) as unknown;
  };
  const homeOf = (posts: Post[]) => posts.find((p) => p.id === ids.home);
  const bbox = `${ORIGIN.lng - 0.5},${ORIGIN.lat - 0.5},${ORIGIN.lng + 0.5},${ORIGIN.lat + 0.5}`;

  it('a cached list page, compressed, shows the owner the exact spot and others the public point', async () => {
    const url = '/api/posts?limit=50&q=tree';
    const homeSeenBy = async (member: Member) => homeOf((await gzipped(member, url)) as Post[]);
    // The neighbour first, so the page and its shared body are cached before the owner asks.
    const seen = [await homeSeenBy(neighbour), await homeSeenBy(owner), await homeSeenBy(neighbour)];
    expect(seen.map((home) => home?.latitude)).toEqual([north(3), ORIGIN.lat, north(3)]);
    expect(await gzipped(neighbour, url)).toEqual(await list(neighbour, 'limit=50&q=tree'));
  });

  it('a map view, compressed, does the same', async () => {
    const url = `/api/posts/map?bbox=${bbox}&zoom=16`;
    const pointOf = async (member: Member) =>
      ((await gzipped(member, url)) as MapResponse).items.flatMap((i) => (i.kind === 'point' ? [i.post] : [])).find((p) => p.id === ids.home);
    const seen = [await pointOf(neighbour), await pointOf(owner), await pointOf(neighbour)];
    expect(seen.map((home) => home?.latitude)).toEqual([north(3), ORIGIN.lat, north(3)]);
  });
});
