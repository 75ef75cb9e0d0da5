import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the query client (spec §7)', () => {
  it('never counts data stale, never retries, never refetches on focus or on an interval', () => {
    const { queries, mutations } = queryClient.getDefaultOptions();
    expect(queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity });
    expect(mutations).toMatchObject({ retry: false });
  });

  it('GETs the key joined with slashes, with the cookies and no body, and takes a 401 as an error', async () => {
    const fetch = vi.fn(async () => Response.json([{ id: 'r1' }]));
    vi.stubGlobal('fetch', fetch);
    expect(await queryClient.fetchQuery({ queryKey: ['/api/users', 'u1', 'ratings'] })).toEqual([{ id: 'r1' }]);
    expect(fetch).toHaveBeenCalledWith('/api/users/u1/ratings', { method: 'GET', credentials: 'include', headers: undefined, body: undefined });

    fetch.mockImplementation(async () => new Response('{"message":"Not signed in."}', { status: 401 }));
    await expect(queryClient.fetchQuery({ queryKey: ['/api/user/impact'] })).rejects.toThrow('401: {"message":"Not signed in."}');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
