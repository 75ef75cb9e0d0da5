import { describe, expect, it } from 'vitest';
import { bubbleText, countOf, roundEstimate, shownCount } from './count';

describe('countOf', () => {
  it('is singular for exactly one, plural otherwise', () => {
    expect(countOf(1, 'post')).toBe('1 post');
    expect(countOf(0, 'post')).toBe('0 posts');
    expect(countOf(2, 'saved post')).toBe('2 saved posts');
  });

  it('groups thousands', () => {
    expect(countOf(12345, 'post')).toBe('12,345 posts');
    expect(countOf(1000, 'post')).toBe('1,000 posts');
  });

  it('reads an estimate as one, rounded to two significant figures', () => {
    expect(countOf(12345, 'post', 'estimated')).toBe('about 12,000 posts');
    expect(countOf(123, 'post', 'estimated')).toBe('about 120 posts');
    expect(countOf(1, 'post', 'estimated')).toBe('about 1 post');
    expect(countOf(0, 'post', 'estimated')).toBe('about 0 posts');
  });
});

describe('shownCount', () => {
  it('rounds an estimate and leaves an exact count as it is', () => {
    expect(shownCount(12_345)).toBe(12_345);
    expect(shownCount(12_345, 'estimated')).toBe(12_000);
  });
});

describe('roundEstimate', () => {
  it('keeps two significant figures', () => {
    expect(roundEstimate(0)).toBe(0);
    expect(roundEstimate(7)).toBe(7);
    expect(roundEstimate(56)).toBe(56);
    expect(roundEstimate(99)).toBe(99);
    expect(roundEstimate(123)).toBe(120);
    expect(roundEstimate(987)).toBe(990);
    expect(roundEstimate(995)).toBe(1000);
    expect(roundEstimate(12_345)).toBe(12_000);
    expect(roundEstimate(12_500)).toBe(13_000);
    expect(roundEstimate(1_234_567)).toBe(1_200_000);
  });
});

describe('bubbleText', () => {
  it('shows small counts whole and large ones in thousands', () => {
    expect(bubbleText(7, false)).toBe('7');
    expect(bubbleText(123, false)).toBe('123');
    expect(bubbleText(5432, false)).toBe('5432');
    expect(bubbleText(12_345, false)).toBe('12k');
    expect(bubbleText(999_600, false)).toBe('1M');
    expect(bubbleText(1_234_567, false)).toBe('1.2M');
    expect(bubbleText(9_960_000, false)).toBe('10M');
    expect(bubbleText(12_345_678, false)).toBe('12M');
  });

  it('marks an estimate with ~ and rounds it', () => {
    expect(bubbleText(123, true)).toBe('~120');
    expect(bubbleText(5432, true)).toBe('~5400');
    expect(bubbleText(12_345, true)).toBe('~12k');
    expect(bubbleText(8, true)).toBe('~8');
    expect(bubbleText(1_234_567, true)).toBe('~1.2M');
  });
});
