import { describe, expect, it } from 'vitest';
import type { PostFilters } from '../../../../domain/posts';
import type { PostsCaches } from '../caches';
import type { TotalsRepository } from './repository';
import { BIG_SEARCH_STALE_MS, BIG_SEARCH_TTL_MS, createTotals } from './totals';

const SEARCH: PostFilters = { q: 'apple', status: 'all', amount: 'all', distance: 'all', region: 'all' };
const ORIGIN = { lat: 43.65, lng: -79.38 };

/**
 * The counting policy of big searches on a clock of its own, over a repository whose full counts
 * are settled by hand: the SQL of each count is tested on PostgreSQL (tests/api/posts-scale.test.ts).
 */
function setup(matching: number) {
  let t = 0;
  const fullCounts: Array<{ resolve(n: number): void; reject(err: Error): void }> = [];
  const warnings: string[] = [];
  const repo = {
    upTo: async (_where: unknown, cap: number) => Math.min(matching, cap + 1),
    all: () => new Promise<number>((resolve, reject) => fullCounts.push({ resolve, reject })),
  } as unknown as TotalsRepository;
  const caches = { track: <T>(cache: T) => cache } as unknown as PostsCaches;
  const totalOf = createTotals({ repo, caches, now: () => t, log: { warn: (_obj, msg) => warnings.push(msg) } });
  return {
    /** The total of a search for `word` (its own filter key). */
    total: (word = 'apple') => totalOf(word, { ...SEARCH, q: word }, ORIGIN),
    advance: (ms: number) => (t += ms),
    fullCounts,
    warnings,
    /** Lets the settled count's callbacks run. */
    settle,
    /** Fails the `i`-th full count as a statement timeout would, and lets that be handled. */
    async fail(i: number) {
      fullCounts[i]!.reject(new Error('canceling statement due to statement timeout'));
      await settle();
    },
    /** Asks for the search once and lets its first full count land with `n`. */
    async counted(n: number) {
      await totalOf('apple', SEARCH, ORIGIN);
      fullCounts.at(-1)!.resolve(n);
      await settle();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('totals of big searches', () => {
  it('says 1000 and capped until the first full count lands, starting one count at a time', async () => {
    const s = setup(5000);
    expect(await s.total()).toEqual({ total: 1000, capped: true });
    expect(await s.total()).toEqual({ total: 1000, capped: true });
    expect(s.fullCounts).toHaveLength(1);
    s.fullCounts[0]!.resolve(5000);
    await s.settle();
    expect(await s.total()).toEqual({ total: 5000, capped: false });
  });

  it('keeps answering with the last full count while the next one runs', async () => {
    const s = setup(5000);
    await s.counted(5000);
    s.advance(BIG_SEARCH_TTL_MS);
    expect(await s.total()).toEqual({ total: 5000, capped: false });
    expect(s.fullCounts).toHaveLength(2);
    s.fullCounts[1]!.resolve(5003);
    await s.settle();
    expect(await s.total()).toEqual({ total: 5003, capped: false });
    expect(s.fullCounts).toHaveLength(2);
  });

  it('goes back to capped once the last count is older than its stale time', async () => {
    const s = setup(5000);
    await s.counted(5000);
    s.advance(BIG_SEARCH_TTL_MS + BIG_SEARCH_STALE_MS);
    expect(await s.total()).toEqual({ total: 1000, capped: true });
  });

  it('logs a failed count and tries again on the next request', async () => {
    const s = setup(5000);
    await s.total();
    await s.fail(0);
    expect(s.warnings).toEqual(['the full count of a search failed']);
    expect(await s.total()).toEqual({ total: 1000, capped: true });
    expect(s.fullCounts).toHaveLength(2);
  });

  it('runs one first count and one recount at a time on the instance, neither waiting on the other', async () => {
    const s = setup(5000);
    await s.total('apple');
    expect(await s.total('pear')).toEqual({ total: 1000, capped: true });
    expect(s.fullCounts).toHaveLength(1); // pear waits for apple's first count
    s.fullCounts[0]!.resolve(5000);
    await s.settle();
    s.advance(BIG_SEARCH_TTL_MS);
    expect(await s.total('apple')).toEqual({ total: 5000, capped: false }); // recount 2 starts
    expect(await s.total('pear')).toEqual({ total: 1000, capped: true }); // first count 3 starts beside it
    expect(await s.total('plum')).toEqual({ total: 1000, capped: true }); // waits
    expect(s.fullCounts).toHaveLength(3);
    s.fullCounts[2]!.resolve(4000);
    await s.settle();
    expect(await s.total('pear')).toEqual({ total: 4000, capped: false });
  });

  it('keeps the last count when a recount fails, and tries again on the next request', async () => {
    const s = setup(5000);
    await s.counted(5000);
    s.advance(BIG_SEARCH_TTL_MS);
    await s.total();
    await s.fail(1);
    expect(s.warnings).toEqual(['the full count of a search failed']);
    expect(await s.total()).toEqual({ total: 5000, capped: false });
    expect(s.fullCounts).toHaveLength(3);
  });

  it('gives a search of up to 1000 posts its exact total without a full count', async () => {
    const s = setup(1000);
    expect(await s.total()).toEqual({ total: 1000, capped: false });
    expect(s.fullCounts).toHaveLength(0);
  });
});
