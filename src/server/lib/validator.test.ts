import { describe, expect, it } from 'vitest';
import { nulPath } from './validator';

describe('nulPath', () => {
  it('finds U+0000 in strings at any depth, in arrays and in keys', () => {
    expect(nulPath('a\u0000')).toEqual([]);
    expect(nulPath({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toEqual(['b', 'c', 1]);
    expect(nulPath({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
  });

  it('is null for input without one', () => {
    expect(nulPath({ a: 'ok', n: 1, t: true, z: null, u: undefined, list: ['x', { y: 'z' }] })).toBeNull();
    expect(nulPath(undefined)).toBeNull();
  });
});
