import { describe, expect, it } from 'vitest';
import { SlidingWindows } from './sliding-windows';

const WINDOW = 1_000;

function clock(start = 10 * WINDOW) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** Takes `n` hits on `key` and answers how many were allowed. */
function takeMany(windows: SlidingWindows, key: string, n: number, limit: number): number {
  let allowed = 0;
  for (let i = 0; i < n; i += 1) if (windows.take(key, limit, WINDOW) === 0) allowed += 1;
  return allowed;
}

describe('SlidingWindows', () => {
  it('allows `limit` hits per key in a window, then answers the wait without counting', () => {
    const c = clock();
    const windows = new SlidingWindows({ maxKeys: 10, now: c.now });
    expect(takeMany(windows, 'a', 3, 3)).toBe(3);
    c.advance(250);
    // Full for the rest of this window, and until 3 × (1 - t) + 1 <= 3 in the next (t = 1/3).
    expect(windows.take('a', 3, WINDOW)).toBe(750 + 334);
    expect(takeMany(windows, 'b', 3, 3)).toBe(3);
  });

  it('lets the previous window count for the share of it still inside the last windowMs', () => {
    const c = clock();
    const windows = new SlidingWindows({ maxKeys: 10, now: c.now });
    expect(takeMany(windows, 'a', 10, 10)).toBe(10);
    c.advance(WINDOW + 500);
    // Half of the previous window's 10 still counts: 5 more fit.
    expect(takeMany(windows, 'a', 10, 10)).toBe(5);
    c.advance(100);
    expect(takeMany(windows, 'a', 10, 10)).toBe(1);
    c.advance(WINDOW * 2);
    expect(takeMany(windows, 'a', 20, 10)).toBe(10);
  });

  it('never lets twice the limit through around a window edge', () => {
    const c = clock();
    const windows = new SlidingWindows({ maxKeys: 10, now: c.now });
    c.advance(WINDOW - 1);
    expect(takeMany(windows, 'a', 10, 10)).toBe(10);
    c.advance(2);
    expect(takeMany(windows, 'a', 10, 10)).toBe(0);
  });

  it('answers a wait after which a hit is allowed again', () => {
    const c = clock();
    const windows = new SlidingWindows({ maxKeys: 10, now: c.now });
    takeMany(windows, 'a', 10, 10);
    c.advance(WINDOW + 300);
    takeMany(windows, 'a', 10, 10);
    // 10 × (1 - 0.3) + 3 hits: one more fits once 10 × (1 - t) <= 6, at t = 0.4, 100 ms on.
    const wait = windows.take('a', 10, WINDOW);
    expect(wait).toBeGreaterThanOrEqual(100);
    expect(wait).toBeLessThanOrEqual(101);
    c.advance(90);
    expect(windows.take('a', 10, WINDOW)).toBeGreaterThan(0);
    c.advance(wait - 90);
    expect(windows.take('a', 10, WINDOW)).toBe(0);
  });

  it('forgets the key counted first when full', () => {
    const c = clock();
    const windows = new SlidingWindows({ maxKeys: 2, now: c.now });
    takeMany(windows, 'a', 1, 1);
    takeMany(windows, 'b', 1, 1);
    takeMany(windows, 'c', 1, 1);
    expect(windows.size).toBe(2);
    expect(windows.take('a', 1, WINDOW)).toBe(0);
    expect(windows.take('c', 1, WINDOW)).toBeGreaterThan(0);
  });

  it('forgets the key counted least recently, so a busy key is kept', () => {
    const c = clock();
    const windows = new SlidingWindows({ maxKeys: 2, now: c.now });
    takeMany(windows, 'busy', 2, 2);
    takeMany(windows, 'b', 2, 1);
    windows.take('busy', 2, WINDOW); // over its limit: counted again as the latest
    takeMany(windows, 'c', 2, 1); // the store is full: 'b' goes, not 'busy'
    expect(windows.take('busy', 2, WINDOW)).toBeGreaterThan(0);
    expect(windows.take('b', 2, WINDOW)).toBe(0);
  });
});
