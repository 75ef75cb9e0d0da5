import { describe, expect, it } from 'vitest';
import { countOf } from './count';

describe('countOf', () => {
  it('is singular for exactly one, plural otherwise', () => {
    expect(countOf(1, 'post')).toBe('1 post');
    expect(countOf(0, 'post')).toBe('0 posts');
    expect(countOf(2, 'saved post')).toBe('2 saved posts');
  });

  it('groups thousands and marks a capped count, always plural', () => {
    expect(countOf(12345, 'post')).toBe('12,345 posts');
    expect(countOf(1000, 'post', true)).toBe('1,000+ posts');
    expect(countOf(1, 'post', true)).toBe('1+ posts');
  });
});
