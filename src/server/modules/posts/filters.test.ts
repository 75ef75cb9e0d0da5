import { describe, expect, it } from 'vitest';
import { originOf } from './filters';

const FALLBACK = { lat: 43.6532, lng: -79.3832 };

describe('originOf', () => {
  it('rounds the viewer\'s location to 4 decimals (about 11 m)', () => {
    expect(originOf({ near: '43.712345,-79.398765' }, FALLBACK)).toEqual({ lat: 43.7123, lng: -79.3988 });
  });

  it('uses the default origin without a usable near', () => {
    expect(originOf({}, FALLBACK)).toBe(FALLBACK);
    expect(originOf({ near: 'north' }, FALLBACK)).toBe(FALLBACK);
  });
});
