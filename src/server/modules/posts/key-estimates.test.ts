import { describe, expect, it } from 'vitest';
import { estimateRows, type KeyStats } from './key-estimates';
import { plainWords } from './search';

describe('plainWords', () => {
  it('names the words of ASCII letters or digits, lower-cased, each once', () => {
    expect(plainWords('Apple  pie apple')).toEqual(['apple', 'pie']);
    expect(plainWords('12 logs')).toEqual(['12', 'logs']);
  });

  it('leaves to PostgreSQL what only its parser splits', () => {
    for (const q of ['apple-tree', "o'neil", 'café', '2x4', 'a.b', 'x_y']) expect(plainWords(q), q).toBeNull();
  });
});

describe('estimateRows', () => {
  const stats: KeyStats = { shares: new Map([['a', 0.5], ['b', 0.2], ['c', 0.1]]), minShare: 0.004, nullShare: 0, rows: 10_000 };

  it('multiplies the groups and joins the keys of a group as independent chances', () => {
    expect(estimateRows(stats, [['a']])).toBe(5000);
    expect(estimateRows(stats, [['a'], ['b']])).toBe(1000);
    expect(estimateRows(stats, [['b', 'c']])).toBe(2800);
  });

  it('takes a key it does not know at half the lowest share kept, and never fewer than one row', () => {
    expect(estimateRows(stats, [['zz']])).toBe(20);
    expect(estimateRows(stats, [['zz'], ['zz'], ['c']])).toBe(1);
  });
});
