import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Post } from '../../../domain/posts';
import { toPost, type PostRow } from './present';
import { postsJson, sharedBody } from './present-json';

const base: PostRow = {
  id: '6f1c2a9e-4b1d-4c6a-9f5e-2d3b4c5d6e7f',
  userId: '11111111-1111-4111-8111-111111111111',
  ownerSessionId: null,
  type: 'fruit',
  title: 'Apples "Honeycrisp" \\ ½ bag',
  description: 'Line one\nline two, tab\there, emoji 🍎, quote \' and </script>',
  address: '10 Queen St',
  latitude: 43.6532,
  longitude: -79.3832,
  publicLatitude: 43.6571,
  publicLongitude: -79.3899,
  exactLocation: false,
  imageUrl: '/uploads/a.webp',
  thumbnailUrl: '/uploads/a-400.webp',
  imageKeys: ['a.webp', 'a-400.webp'],
  status: 'available',
  statusNotes: null,
  phoneNumber: '416-555-0100',
  contact: null,
  ownerName: 'Mary Ann',
  ownerInitials: 'MA',
  zipCode: 'M5V 2T6',
  quantity: 'a few bags',
  seasonalNotes: null,
  region: 'toronto',
  isDemo: false,
  createdAt: new Date('2026-11-01T12:34:56.789Z'),
  updatedAt: new Date('2026-11-02T01:02:03.004Z'),
};
const rows: PostRow[] = [
  base,
  { ...base, id: '22222222-2222-4222-8222-222222222222', userId: null, ownerSessionId: 'guest-session', latitude: null, longitude: null, publicLatitude: null, publicLongitude: null, region: null, isDemo: true },
  { ...base, id: '33333333-3333-4333-8333-333333333333', userId: '44444444-4444-4444-8444-444444444444', exactLocation: true, publicLatitude: 43.6532, publicLongitude: -79.3832 },
];

const viewers = {
  guest: { userId: null, sessionId: null, isAdmin: false },
  owner: { userId: base.userId, sessionId: 's1', isAdmin: false },
  guestOwner: { userId: null, sessionId: 'guest-session', isAdmin: false },
  other: { userId: '55555555-5555-4555-8555-555555555555', sessionId: 's2', isAdmin: false },
  admin: { userId: '66666666-6666-4666-8666-666666666666', sessionId: 's3', isAdmin: true },
};
const origins = [
  { lat: 43.6532, lng: -79.3832 },
  { lat: 45.4215, lng: -75.6972 },
];

describe('postsJson', () => {
  it.each(Object.entries(viewers))('writes exactly JSON.stringify(toPost(...)) for the %s, from any origin', (_name, viewer) => {
    for (const origin of origins) {
      // Twice: the second time from the texts remembered per row.
      for (let i = 0; i < 2; i++) {
        const json = postsJson(rows, viewer, origin).toString('utf8');
        expect(json).toBe(JSON.stringify(rows.map((row) => toPost(row, viewer, origin))));
        expect(() => z.array(Post).parse(JSON.parse(json))).not.toThrow();
      }
    }
  });

  it('shows the exact spot only to the owner and admins', () => {
    const lat = (viewer: (typeof viewers)[keyof typeof viewers]) => (JSON.parse(postsJson([base], viewer, origins[0]!).toString()) as Post[])[0]!.latitude;
    expect(lat(viewers.owner)).toBe(base.latitude);
    expect(lat(viewers.admin)).toBe(base.latitude);
    expect(lat(viewers.other)).toBe(base.publicLatitude);
    expect(lat(viewers.guest)).toBe(base.publicLatitude);
  });

  it('writes an empty page as []', () => {
    expect(postsJson([], viewers.guest, origins[0]!).toString()).toBe('[]');
  });
});

describe('sharedBody', () => {
  const make = (viewer: Parameters<typeof postsJson>[1]) => postsJson(rows, viewer, origins[0]!);
  const latitudes = (bytes: Buffer) => (JSON.parse(bytes.toString()) as Post[]).map((p) => p.latitude);

  it('is one body for every viewer who manages none of the posts, made from nobody\'s view', () => {
    const source = {};
    const body = sharedBody(source, rows, viewers.other, origins[0]!, make);
    expect(sharedBody(source, rows, viewers.guest, origins[0]!, make)).toBe(body);
    expect(body.bytes.equals(postsJson(rows, viewers.guest, origins[0]!))).toBe(true);
    expect(latitudes(body.bytes)).toEqual(rows.map((row) => row.publicLatitude));
  });

  it('gives owners and admins a body of their own, with their exact spots', () => {
    const source = {};
    const shared = sharedBody(source, rows, viewers.other, origins[0]!, make);
    const owners = sharedBody(source, rows, viewers.owner, origins[0]!, make);
    const guestOwners = sharedBody(source, rows, viewers.guestOwner, origins[0]!, make);
    const admins = sharedBody(source, rows, viewers.admin, origins[0]!, make);
    for (const own of [owners, guestOwners, admins]) expect(own).not.toBe(shared);
    expect(latitudes(owners.bytes)[0]).toBe(base.latitude);
    expect(latitudes(admins.bytes)).toEqual([base.latitude, null, base.latitude]);
    expect(sharedBody(source, rows, viewers.owner, origins[0]!, make)).not.toBe(owners);
  });

  it('keeps one body per origin, for the last 8 origins of a source', () => {
    const source = {};
    const at = (i: number) => ({ lat: 43 + i / 100, lng: -79 });
    const bodies = Array.from({ length: 9 }, (_, i) => sharedBody(source, rows, viewers.guest, at(i), (v) => postsJson(rows, v, at(i))));
    expect(new Set(bodies).size).toBe(9);
    expect(sharedBody(source, rows, viewers.guest, at(8), make)).toBe(bodies[8]);
    expect(sharedBody(source, rows, viewers.guest, at(1), make)).toBe(bodies[1]);
    expect(sharedBody(source, rows, viewers.guest, at(0), make)).not.toBe(bodies[0]);
  });

  it('makes a new body for a new source (a reloaded page)', () => {
    const first = sharedBody({}, rows, viewers.guest, origins[0]!, make);
    expect(sharedBody({}, rows, viewers.guest, origins[0]!, make)).not.toBe(first);
  });
});
