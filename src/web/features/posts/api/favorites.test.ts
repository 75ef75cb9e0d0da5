import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { favoritesOptions } from './favorites';

afterEach(() => vi.unstubAllGlobals());

describe('GET /api/favorites (spec §8)', () => {
  it("fails with 'Failed to fetch favorites', the answer kept as its cause", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500, statusText: 'Internal Server Error' })));
    const failure = new QueryClient().fetchQuery(favoritesOptions('u1', null));
    await expect(failure).rejects.toThrow('Failed to fetch favorites');
    await expect(failure).rejects.toMatchObject({ cause: { status: 500 } });
  });
});
