import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('createSemaphore', () => {
  it('runs at most `size` tasks at once and all of them in the end', async () => {
    const sem = createSemaphore(2);
    let active = 0;
    let peak = 0;
    const task = async (n: number) => {
      active += 1;
      peak = Math.max(peak, active);
      await tick();
      active -= 1;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => sem.run(() => task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(sem.pending).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const sem = createSemaphore(1);
    await expect(sem.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(sem.run(async () => 'next')).resolves.toBe('next');
  });
});
