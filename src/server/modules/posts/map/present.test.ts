import { describe, expect, it } from 'vitest';
import { toPost, type PostRow } from '../present';
import { cellKey, type Layout } from './layout';
import { cluster, layoutJson, point, response, type MapItem } from './present';

const row = (id: string, userId: string | null, lat: number): PostRow => ({
  id,
  userId,
  ownerSessionId: null,
  type: 'fruit',
  title: `Tree "${id}"`,
  description: 'Ripe ½ 🍎',
  address: '1 Main St',
  latitude: lat,
  longitude: -79.38,
  publicLatitude: lat + 0.004,
  publicLongitude: -79.384,
  exactLocation: false,
  imageUrl: null,
  thumbnailUrl: null,
  imageKeys: null,
  status: 'available',
  statusNotes: null,
  phoneNumber: null,
  contact: null,
  ownerName: null,
  ownerInitials: null,
  zipCode: null,
  quantity: 'lots',
  seasonalNotes: null,
  region: 'toronto',
  isDemo: false,
  createdAt: new Date('2026-11-01T00:00:00.000Z'),
  updatedAt: new Date('2026-11-01T00:00:00.000Z'),
});

const alone = row('11111111-1111-4111-8111-111111111111', 'owner', 43.7);
const cells = [
  { cx: 1, cy: 1, n: 120, lat: 43.712345678, lng: -79.398765432 },
  { cx: 1, cy: 2, n: 1, lat: 43.704, lng: -79.384 },
  { cx: 2, cy: 2, n: 1, lat: 43.6, lng: -79.3 }, // its post is gone: stays a cluster of one
];
const clustered: Layout = {
  cells,
  allPoints: false,
  rows: new Map([[alone.id, alone]]),
  single: new Map([[cellKey(cells[1]!), alone.id]]),
};
const few: Layout = {
  cells,
  allPoints: true,
  rows: new Map([alone, row('22222222-2222-4222-8222-222222222222', null, 43.65)].map((r) => [r.id, r])),
  single: new Map(),
};
const origin = { lat: 43.6532, lng: -79.3832 };
const viewers = [
  { userId: 'owner', sessionId: 's1', isAdmin: false },
  { userId: 'other', sessionId: 's2', isAdmin: false },
  { userId: 'admin', sessionId: 's3', isAdmin: true },
];

/** The map response built as objects, the way JSON.stringify would write it. */
function expected(layout: Layout, viewer: (typeof viewers)[number]): string {
  const items: MapItem[] = layout.allPoints
    ? [...layout.rows.values()].map((r) => point(toPost(r, viewer, origin)))
    : layout.cells.map((c) => {
        const r = c.n === 1 ? layout.rows.get(layout.single.get(cellKey(c)) ?? '') : undefined;
        return r ? point(toPost(r, viewer, origin)) : cluster(c.n, c.lat, c.lng);
      });
  return JSON.stringify(response(items));
}

describe('layoutJson', () => {
  it.each(viewers)('writes the clustered view exactly as JSON.stringify does, for %o', (viewer) => {
    for (let i = 0; i < 2; i++) expect(layoutJson(clustered, viewer, origin).toString()).toBe(expected(clustered, viewer));
  });

  it.each(viewers)('writes the view of few posts exactly as JSON.stringify does, for %o', (viewer) => {
    expect(layoutJson(few, viewer, origin).toString()).toBe(expected(few, viewer));
  });

  it('counts every post in the total', () => {
    expect(JSON.parse(layoutJson(clustered, viewers[1]!, origin).toString()).total).toBe(122);
  });
});
