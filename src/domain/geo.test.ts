import { describe, expect, it } from 'vitest';
import { distanceText, haversineMiles, MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, offsetPoint, parseLatLng, publicPointOf, PUBLIC_OFFSET_METRES } from './geo';

const toronto = { lat: 43.6532, lng: -79.3832 };

describe('haversineMiles (earth radius 3959 miles)', () => {
  it('measures Toronto to Montreal at about 313 miles', () => {
    expect(haversineMiles(toronto, { lat: 45.5019, lng: -73.5674 })).toBeCloseTo(313.4, 0);
  });
  it('is zero for the same point', () => {
    expect(haversineMiles(toronto, toronto)).toBe(0);
  });
});

describe('distanceText (spec §9)', () => {
  it.each([
    [0.05, 'Less than 0.1 miles away'],
    [0.1, '0.1 miles away'],
    [0.94, '0.9 miles away'],
    [1, '1 mile away'],
    [4.4, '4 miles away'],
    [4.6, '5 miles away'],
    [null, 'Distance unknown'],
    [undefined, 'Distance unknown'],
    [Number.POSITIVE_INFINITY, 'Distance unknown'],
  ])('%s -> %s', (miles, text) => {
    expect(distanceText(miles)).toBe(text);
  });
});

describe('map defaults (spec §9 Map)', () => {
  it('open on about the middle of North America at zoom 4', () => {
    expect(MAP_DEFAULT_ZOOM).toBe(4);
    expect(MAP_DEFAULT_CENTER.lat).toBeCloseTo(39.8, 0);
    expect(MAP_DEFAULT_CENTER.lng).toBeCloseTo(-98.6, 0);
  });
});

describe('parseLatLng', () => {
  it('reads "lat,lng" and refuses malformed or out-of-range text', () => {
    expect(parseLatLng(' 43.65, -79.38 ')).toEqual({ lat: 43.65, lng: -79.38 });
    expect(parseLatLng('91,0')).toBeNull();
    expect(parseLatLng('0,181')).toBeNull();
    expect(parseLatLng('toronto')).toBeNull();
    expect(parseLatLng(undefined)).toBeNull();
  });
});

describe('public point (issue 3: 300-600 m from the exact spot)', () => {
  it('moves the point by the requested distance', () => {
    const moved = offsetPoint(toronto, 1609.344, 90);
    expect(haversineMiles(toronto, moved)).toBeCloseTo(1, 3);
  });
  it('is always between 300 and 600 m away, in any direction', () => {
    for (const [a, b] of [[0, 0], [0.999, 0.5], [0.5, 0.999], [0.25, 0.75]] as const) {
      const values = [a, b];
      const p = publicPointOf(toronto, false, () => values.shift()!);
      const metres = haversineMiles(toronto, p) * 1609.344;
      expect(metres).toBeGreaterThanOrEqual(PUBLIC_OFFSET_METRES.min - 0.5);
      expect(metres).toBeLessThanOrEqual(PUBLIC_OFFSET_METRES.max + 0.5);
    }
  });
  it('is the spot itself when the poster shows the exact spot', () => {
    expect(publicPointOf(toronto, true)).toEqual(toronto);
  });
});
