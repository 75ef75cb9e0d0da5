import { describe, expect, it } from 'vitest';
import { ApiError, nextLinkOf, refusalMessage, serverMessage } from './api';

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

  it('passes on the words of a refusal people can act on, and only those', () => {
    const body = (message: string) => JSON.stringify({ message });
    expect(refusalMessage(new ApiError(429, body('Please wait 5 minutes.'), 'Too Many Requests'))).toBe('Please wait 5 minutes.');
    expect(refusalMessage(new ApiError(409, body('Already reported.'), 'Conflict'))).toBe('Already reported.');
    expect(refusalMessage(new ApiError(403, body('You cannot contact this member.'), 'Forbidden'))).toBe('You cannot contact this member.');
    expect(refusalMessage(new ApiError(500, body('Internal Server Error'), 'Internal Server Error'))).toBeUndefined();
    expect(refusalMessage(new Error('offline'))).toBeUndefined();
  });
});
