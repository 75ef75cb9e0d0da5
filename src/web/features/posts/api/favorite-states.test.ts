import { describe, expect, it } from 'vitest';
import type { FavoriteState } from '../../../../domain/favorites';
import { createFavoriteStatesLoader } from './favorite-states';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A loader whose server favourites `saved` and records each call; flush() ends the task. */
function setup(saved: readonly string[], fail?: (ids: readonly string[]) => boolean) {
  const calls: string[][] = [];
  const flushes: (() => void)[] = [];
  const fetchStates = (ids: readonly string[]): Promise<FavoriteState[]> => {
    calls.push([...ids]);
    if (fail?.(ids)) return Promise.reject(new Error('500: boom'));
    return Promise.resolve(ids.map((postId) => ({ postId, isFavorite: saved.includes(postId) })));
  };
  const load = createFavoriteStatesLoader(fetchStates, (flush) => flushes.push(flush));
  return { load, calls, flush: () => flushes.splice(0).forEach((f) => f()) };
}

describe('the hearts loader (docs/decisions/0047)', () => {
  it('asks once for the posts asked about in one task, each post once', async () => {
    const { load, calls, flush } = setup([id(2)]);
    const answers = Promise.all([load(id(1)), load(id(2)), load(id(3)), load(id(2))]);
    expect(calls).toEqual([]);
    flush();
    expect(await answers).toEqual([false, true, false, true]);
    expect(calls).toEqual([[id(1), id(2), id(3)]]);
  });

  it('asks again in a later task, for the new posts only', async () => {
    const { load, calls, flush } = setup([id(4)]);
    const first = load(id(1));
    flush();
    await first;
    const second = Promise.all([load(id(4)), load(id(5))]);
    flush();
    expect(await second).toEqual([true, false]);
    expect(calls).toEqual([[id(1)], [id(4), id(5)]]);
  });

  it('sends at most 100 ids a call', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => id(i + 1));
    const { load, calls, flush } = setup([id(1), id(250)]);
    const answers = Promise.all(ids.map((postId) => load(postId)));
    flush();
    const states = await answers;
    expect(calls.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(calls.flat()).toEqual(ids);
    expect(states.filter(Boolean)).toHaveLength(2);
    expect(states[0]).toBe(true);
    expect(states[249]).toBe(true);
  });

  it("fails only the failed call's posts", async () => {
    const ids = Array.from({ length: 101 }, (_, i) => id(i + 1));
    const { load, flush } = setup([id(101)], (asked) => asked.length === 100);
    const answers = Promise.allSettled(ids.map((postId) => load(postId)));
    flush();
    const settled = await answers;
    expect(
      settled.slice(0, 100).every((a) => a.status === 'rejected' && String(a.reason).includes('500: boom')),
    ).toBe(true);
    expect(settled[100]).toEqual({ status: 'fulfilled', value: true });
  });
});
