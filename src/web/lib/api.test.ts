import { describe, expect, it } from 'vitest';
import { ApiError, nextLinkOf, serverMessage } from './api';

describe('api client helpers', () => {
  it('reads the next page from the Link header', () => {
    const headers = new Headers({ link: '</api/posts?type=fruit&cursor=abc>; rel="next"' });
    expect(nextLinkOf(headers)).toBe('/api/posts?type=fruit&cursor=abc');
    expect(nextLinkOf(new Headers({ link: '</api/posts?page=1>; rel="prev"' }))).toBeNull();
    expect(nextLinkOf(new Headers())).toBeNull();
  });

  it('keeps the spec error text and the message for people apart', () => {
    const error = new ApiError(
      403,
      '{"message":"Only the owner or an admin can change this post."}',
      'Forbidden',
    );
    expect(error.message).toBe('403: {"message":"Only the owner or an admin can change this post."}');
    expect(serverMessage(error)).toBe('Only the owner or an admin can change this post.');
    expect(serverMessage(new ApiError(500, '', 'Internal Server Error'))).toBeUndefined();
  });
});
