import type { PostRow } from './present';

/** Rows and viewers for the unit tests of presenting posts: a member's post, a guest's without coordinates, one shown at its exact spot. */
export const base: PostRow = {
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
  hiddenAt: null,
  hiddenReason: null,
  ownerSuspended: false,
  createdAt: new Date('2026-11-01T12:34:56.789Z'),
  updatedAt: new Date('2026-11-02T01:02:03.004Z'),
};
export const rows: PostRow[] = [
  base,
  { ...base, id: '22222222-2222-4222-8222-222222222222', userId: null, ownerSessionId: 'guest-session', latitude: null, longitude: null, publicLatitude: null, publicLongitude: null, region: null, isDemo: true },
  { ...base, id: '33333333-3333-4333-8333-333333333333', userId: '44444444-4444-4444-8444-444444444444', exactLocation: true, publicLatitude: 43.6532, publicLongitude: -79.3832 },
];

export const viewers = {
  guest: { userId: null, sessionId: null, isAdmin: false },
  owner: { userId: base.userId, sessionId: 's1', isAdmin: false },
  guestOwner: { userId: null, sessionId: 'guest-session', isAdmin: false },
  other: { userId: '55555555-5555-4555-8555-555555555555', sessionId: 's2', isAdmin: false },
  admin: { userId: '66666666-6666-4666-8666-666666666666', sessionId: 's3', isAdmin: true },
};
export const origins = [
  { lat: 43.6532, lng: -79.3832 },
  { lat: 45.4215, lng: -75.6972 },
];
