import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

/** A run that records its batches and answers each item doubled, after `release()`. */
function recorder() {
  const batches: number[][] = [];
  let release: () => void = () => {};
  const run = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => (release = resolve));
    return items.map((n) => n * 2);
  };
  return { batches, run, release: () => release() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('sends a call at once when idle, and the calls that arrive meanwhile together next', async () => {
    const r = recorder();
    const call = createBatcher(r.run);
    const first = call(1);
    await tick();
    expect(r.batches).toEqual([[1]]);
    const rest = [call(2), call(3), call(4)];
    await tick();
    expect(r.batches).toEqual([[1]]);
    r.release();
    expect(await first).toBe(2);
    await tick();
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
    r.release();
    expect(await Promise.all(rest)).toEqual([4, 6, 8]);
  });

  it('puts at most maxBatch calls in a batch', async () => {
    const r = recorder();
    const call = createBatcher(r.run, 2);
    const all = [1, 2, 3, 4, 5].map((n) => call(n));
    for (let i = 0; i < 4; i++) {
      await tick();
      r.release();
    }
    expect(await Promise.all(all)).toEqual([2, 4, 6, 8, 10]);
    expect(r.batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it("gives a failed batch's error to each of its calls, and goes on with the next", async () => {
    const call = createBatcher(async (items: number[]) => {
      await tick();
      if (items.includes(2)) throw new Error('database away');
      return items;
    });
    const calls = [call(1), call(2), call(3)];
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await call(4)).toBe(4);
  });
});
