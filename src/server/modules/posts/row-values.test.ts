import { describe, expect, it } from 'vitest';
import { haversineMiles, PUBLIC_OFFSET_METRES } from '../../../domain/geo';
import { placeOf, textOf } from './row-values';
import type { PostRow } from './present';

const spot = { latitude: 43.6532, longitude: -79.3832 };
const metresBetween = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  haversineMiles(a, b) * 1609.344;

describe('placeOf', () => {
  it('leaves every point empty without coordinates', () => {
    expect(placeOf({ exactLocation: false })).toEqual({
      latitude: null,
      longitude: null,
      publicLatitude: null,
      publicLongitude: null,
    });
  });

  it('shows the exact spot when the poster chose to', () => {
    expect(placeOf({ ...spot, exactLocation: true })).toEqual({
      ...spot,
      publicLatitude: spot.latitude,
      publicLongitude: spot.longitude,
    });
  });

  it('otherwise moves the public point within the offset, differently each time', () => {
    const first = placeOf({ ...spot, exactLocation: false });
    const second = placeOf({ ...spot, exactLocation: false });
    const exact = { lat: spot.latitude, lng: spot.longitude };
    for (const p of [first, second]) {
      const metres = metresBetween(exact, { lat: p.publicLatitude!, lng: p.publicLongitude! });
      expect(metres).toBeGreaterThanOrEqual(PUBLIC_OFFSET_METRES.min - 1);
      expect(metres).toBeLessThanOrEqual(PUBLIC_OFFSET_METRES.max + 1);
    }
    expect(second.publicLatitude).not.toBe(first.publicLatitude);
  });

  it('keeps the public point of an edit that keeps the spot and the choice, and draws a new one when either changes', () => {
    const kept = {
      ...spot,
      exactLocation: false,
      publicLatitude: 43.655,
      publicLongitude: -79.38,
    } as PostRow;
    expect(placeOf({ ...spot, exactLocation: false }, kept)).toMatchObject({
      publicLatitude: 43.655,
      publicLongitude: -79.38,
    });
    expect(placeOf({ ...spot, exactLocation: true }, kept)).toMatchObject({ publicLatitude: spot.latitude });
    expect(placeOf({ latitude: 43.7, longitude: -79.4, exactLocation: false }, kept).publicLatitude).not.toBe(
      43.655,
    );
    // The longitude alone moved: a new public point as well.
    expect(placeOf({ ...spot, longitude: -79.4, exactLocation: false }, kept).publicLongitude).not.toBe(
      -79.38,
    );
  });

  it('draws a public point for an edit of a post that had none', () => {
    const none = { ...spot, exactLocation: false, publicLatitude: null, publicLongitude: null } as PostRow;
    expect(placeOf({ ...spot, exactLocation: false }, none).publicLatitude).toEqual(expect.any(Number));
  });
});

describe("textOf's region (DECISIONS 13, 0150)", () => {
  const fields = { type: 'fruit', title: 'Pears', description: 'Ripe', exactLocation: false } as const;
  const regionOf = (more: object) => textOf({ ...fields, address: 'Kingston Rd, Scarborough', ...more } as never, null, null).region;

  it('keeps the region chosen, else takes it from the point, else from the town the address names', () => {
    expect(regionOf({ region: 'toronto' })).toBe('toronto');
    expect(regionOf({ latitude: 44.3, longitude: -78.3 })).toBe('kawartha');
    expect(regionOf({})).toBe('scarborough');
    expect(regionOf({ address: '12 Maple St, Toronto, ON M4C 1A1' })).toBe('toronto');
    expect(regionOf({ address: '5 Main St, Markham' })).toBeNull();
    expect(regionOf({ address: 'Somewhere' })).toBeNull();
  });
});
