import { describe, expect, it } from 'vitest';
import { haversineMiles } from '../../../domain/geo';
import { NO_EXTRAS, toLockedPost, toPost } from './present';
import { base, origins, rows, viewers } from './rows.fixture';

const card = (row = base) => ({ row, extras: NO_EXTRAS });

describe('toPost', () => {
  it('says why a post is in no list to its owner and admins only, and nothing of a listed one (0150)', () => {
    const hidden = card({ ...base, hiddenAt: new Date(), hiddenReason: 'reports' });
    for (const who of [viewers.owner, viewers.admin]) expect(toPost(hidden, who, origins[0]!).unlisted).toBe('reported');
    for (const who of [viewers.guest, viewers.other]) expect(toPost(hidden, who, origins[0]!)).not.toHaveProperty('unlisted');
    expect(toPost(card({ ...base, ownerSuspended: true }), viewers.owner, origins[0]!).unlisted).toBe('suspended');
    expect(toPost(card(), viewers.owner, origins[0]!)).not.toHaveProperty('unlisted');
  });

  it('shows the exact spot to the owner, the guest session that posted it and admins; the public point to others', () => {
    for (const who of [viewers.owner, viewers.admin]) expect(toPost(card(), who, origins[0]!)).toMatchObject({ latitude: base.latitude, longitude: base.longitude });
    for (const who of [viewers.guest, viewers.other]) expect(toPost(card(), who, origins[0]!)).toMatchObject({ latitude: base.publicLatitude, longitude: base.publicLongitude });
    const guestPost = { ...rows[1]!, latitude: 43.7, longitude: -79.4, publicLatitude: 43.704, publicLongitude: -79.404 };
    expect(toPost(card(guestPost), viewers.guestOwner, origins[0]!).latitude).toBe(43.7);
    expect(toPost(card(guestPost), viewers.guest, origins[0]!).latitude).toBe(43.704);
  });

  it('measures the distance from the public point, whoever asks, and has none without coordinates', () => {
    for (const origin of origins) {
      const miles = haversineMiles(origin, { lat: base.publicLatitude!, lng: base.publicLongitude! });
      for (const who of Object.values(viewers)) expect(toPost(card(), who, origin).distanceMiles).toBe(miles);
    }
    expect(toPost(card(rows[1]!), viewers.guest, origins[0]!).distanceMiles).toBeNull();
  });

  it('carries what other areas add to the card', () => {
    expect(toPost({ row: base, extras: { ...NO_EXTRAS, commentCount: 4 } }, viewers.guest, origins[0]!).commentCount).toBe(4);
  });
});

describe('toLockedPost (DECISIONS 29)', () => {
  it('says only what the post is: its type, title, region, status and dates', () => {
    const locked = toLockedPost({ row: base, extras: { ...NO_EXTRAS, commentCount: 4 } });
    expect(locked).toMatchObject({ id: base.id, type: 'fruit', title: base.title, region: 'toronto', status: 'available', locked: true });
    expect(locked).toMatchObject({ description: '', address: '', latitude: null, longitude: null, distanceMiles: null, imageUrl: null, thumbnailUrl: null, phoneNumber: null, contact: null, ownerName: null, ownerInitials: null, userId: null, zipCode: null, quantity: null, seasonalNotes: null, statusNotes: null, commentCount: 0 });
  });
});

describe('contact details for signed-in members (DECISIONS 24)', () => {
  const withContact = { ...base, phoneNumber: '416-555-0100', contact: 'Ring twice', zipCode: 'M5V 2T6', address: '10 Queen St, Toronto' };

  it('sends a guest no phone, contact or postal code, and only the area of an approximate spot', () => {
    expect(toPost(card(withContact), viewers.guest, origins[0]!)).toMatchObject({ phoneNumber: null, contact: null, zipCode: null, address: 'Toronto' });
    expect(toPost(card({ ...withContact, exactLocation: true }), viewers.guest, origins[0]!).address).toBe('10 Queen St, Toronto');
  });

  it('sends them to members, and to the owner and admins', () => {
    for (const who of [viewers.other, viewers.owner, viewers.admin]) {
      expect(toPost(card(withContact), who, origins[0]!)).toMatchObject({ phoneNumber: '416-555-0100', contact: 'Ring twice', zipCode: 'M5V 2T6', address: '10 Queen St, Toronto' });
    }
  });
});
