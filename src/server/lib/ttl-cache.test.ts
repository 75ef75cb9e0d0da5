import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('TtlCache', () => {
  it('keeps a value for ttlMs, then loads again', async () => {
    const c = clock();
    const cache = new TtlCache<number>({ ttlMs: 100, maxEntries: 10, now: c.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('k', load)).toBe(1);
    c.advance(99);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    c.advance(1);
    expect(await cache.getOrLoad('k', load)).toBe(2);
  });

  it('stores only values worth keeping', async () => {
    const cache = new TtlCache<number>({ ttlMs: 100, maxEntries: 10, keep: (n) => n >= 100 });
    cache.set('small', 5);
    cache.set('big', 500);
    expect(cache.get('small')).toBeUndefined();
    expect(cache.get('big')).toBe(500);
  });

  it('drops the entry stored longest ago when full', () => {
    const cache = new TtlCache<number>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3); // stored again: now the newest
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
    expect(cache.size).toBe(2);
  });

  it('runs one load for concurrent misses of a key', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1_000, maxEntries: 10 });
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)])).toEqual([1, 1]);
    expect(loads).toBe(1);
  });

  it('does not store a load that was running when the cache was cleared: it may have read old data', async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    let release!: (v: string) => void;
    const running = cache.getOrLoad('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    release('before the write');
    expect(await running).toBe('before the write');
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.getOrLoad('k', async () => 'after the write')).toBe('after the write');
  });

  it('drops the entries whose value matches', () => {
    const cache = new TtlCache<{ user: string }>({ ttlMs: 1_000, maxEntries: 10 });
    cache.set('s1', { user: 'ann' });
    cache.set('s2', { user: 'bob' });
    cache.set('s3', { user: 'ann' });
    cache.deleteWhere((v) => v.user === 'ann');
    expect([cache.get('s1'), cache.get('s2')?.user, cache.get('s3')]).toEqual([undefined, 'bob', undefined]);
  });

  it('forgets a failed load', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1_000, maxEntries: 10 });
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.getOrLoad('k', async () => 1)).toBe(1);
  });

  it('peeks at a value, fresh within its TTL and stale after it, until its stale time ends', () => {
    const c = clock();
    const cache = new TtlCache<number>({ ttlMs: 100, maxEntries: 10, serveStaleMs: 1_000, now: c.now });
    expect(cache.peek('k')).toBeUndefined();
    cache.set('k', 7);
    expect(cache.peek('k')).toEqual({ value: 7, fresh: true });
    c.advance(100);
    expect(cache.peek('k')).toEqual({ value: 7, fresh: false });
    expect(cache.get('k')).toBeUndefined();
    c.advance(1_000);
    expect(cache.peek('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('answers with the old value while one load refreshes an expired key, but never after a clear', async () => {
    const c = clock();
    const cache = new TtlCache<number>({ ttlMs: 100, maxEntries: 10, serveStaleMs: 1_000, now: c.now });
    let loads = 0;
    let release!: () => void;
    const load = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const first = cache.getOrLoad('k', load);
    release();
    expect(await first).toBe(1);
    c.advance(150);
    expect(await cache.getOrLoad('k', load)).toBe(1); // stale, refresh started
    expect(await cache.getOrLoad('k', load)).toBe(1); // still the one refresh
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toBe(2);
    expect(await cache.getOrLoad('k', load)).toBe(2);
    cache.clear();
    const after = cache.getOrLoad('k', load);
    release();
    expect(await after).toBe(3);
    c.advance(2_000); // past the stale time: loaded in the foreground
    const late = cache.getOrLoad('k', load);
    release();
    expect(await late).toBe(4);
  });
});
