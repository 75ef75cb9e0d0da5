import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commentsOptions } from './get-comments';

afterEach(() => vi.unstubAllGlobals());

describe('GET /api/posts/:id/comments (spec §8)', () => {
  it("fails with 'Failed to fetch comments', the answer kept as its cause", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })));
    const failure = new QueryClient().fetchInfiniteQuery(commentsOptions('p1'));
    await expect(failure).rejects.toThrow('Failed to fetch comments');
    await expect(failure).rejects.toMatchObject({ cause: { status: 503 } });
  });
});
