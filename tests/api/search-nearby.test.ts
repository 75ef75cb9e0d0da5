import { beforeAll, describe, expect, it } from 'vitest';
import { haversineMiles } from '../../src/domain/geo';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { insertPost } from './posts-helpers';

/**
 * A search for one kept word within a distance, read around its origin (docs/decisions/0096),
 * where the map's grid ends: a circle across the antimeridian reads the word's cells on both sides.
 */
const ctx = useTestApp();
const ORIGIN = { lat: -16.8, lng: 179.995 };
let member: Member;
const places = [
  { latitude: -16.8, longitude: 179.99 },
  { latitude: -16.81, longitude: -179.99 },
  { latitude: -16.75, longitude: -179.95 },
  { latitude: 43.65, longitude: -79.38 }, // Toronto: far outside the circle
];
const ids: string[] = [];

beforeAll(async () => {
  for (const p of places)
    ids.push(
      await insertPost(ctx, { ...p, title: 'Breadfruit from Taveuni', description: 'Ripe and sweet' }),
    );
  member = await registerMember(ctx.app);
});

describe('a search within a distance', () => {
  // One kept word (read from word_cells), and a phrase (read from the search index's circle cells).
  it.each(['taveuni', 'breadfruit from'])(
    'finds the posts of "%s" on both sides of the antimeridian, nearest first, with their exact total',
    async (q) => {
      const near = `${ORIGIN.lat},${ORIGIN.lng}`;
      const res = await ctx.app.inject(
        as(member.cookie, {
          method: 'GET',
          url: `/api/posts?q=${encodeURIComponent(q)}&distance=10miles&near=${near}`,
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const expected = places
        .map((p, i) => ({
          id: ids[i]!,
          miles: haversineMiles(ORIGIN, { lat: p.latitude, lng: p.longitude }),
        }))
        .filter((p) => p.miles <= 10)
        .sort((a, b) => a.miles - b.miles)
        .map((p) => p.id);
      expect(expected).toHaveLength(3);
      expect((res.json() as { id: string }[]).map((p) => p.id)).toEqual(expected);
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.headers['x-total-count-estimated']).not.toBe('true');
    },
  );
});
