import { describe, expect, it } from 'vitest';
import { estimateRows, type KeyStats } from './key-estimates';
import { plainWords, searchWord } from './search';

describe('searchWord', () => {
  it.each([
    ['cherries', 'cherr'],
    ['cherry', 'cherr'],
    ['mulberries', 'mulberr'],
    ['apples', 'apple'],
    ['apple', 'apple'],
    ['peaches', 'peach'],
    ['boxes', 'box'],
    ['bushes', 'bush'],
    ['glasses', 'glass'],
    ['tomatoes', 'tomato'],
    ['shoes', 'shoe'],
    ['skids', 'skid'],
    ['logs', 'log'],
    ['kiwis', 'kiwi'],
  ])('asks for the beginning %j and its plural or singular share: %j', (word, asked) => {
    expect(searchWord(word)).toBe(asked);
  });

  it.each(['glass', 'citrus', 'hay', 'dry', 'gas', 'oak', 'café', '2x4', '12'])(
    'leaves %j whole: not a plural, too short, or not plain letters',
    (word) => {
      expect(searchWord(word)).toBe(word);
    },
  );

  it('leaves at least three letters', () => {
    expect(searchWord('pies')).toBe('pie');
    expect(searchWord('city')).toBe('cit');
  });
});

describe('plainWords', () => {
  it('names the words of ASCII letters or digits, lower-cased, plurals cut, each once', () => {
    expect(plainWords('Apple  pie apples')).toEqual(['apple', 'pie']);
    expect(plainWords('12 logs')).toEqual(['12', 'log']);
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
