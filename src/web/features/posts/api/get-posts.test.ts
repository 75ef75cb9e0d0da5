import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { PostsFetchError } from './get-posts';

describe('PostsFetchError', () => {
  it("gives the server's message as the hint when the list is rate limited", () => {
    const message = 'Too many preview requests from this address. Please try again in 5 minutes.';
    const error = new PostsFetchError(new ApiError(429, JSON.stringify({ message }), 'Too Many Requests'));
    expect(error.message).toBe('Failed to fetch posts');
    expect(error.hint).toBe(message);
  });

  it('gives no hint for other failures', () => {
    expect(
      new PostsFetchError(new ApiError(500, '{"message":"Internal Server Error"}', 'Internal Server Error'))
        .hint,
    ).toBeUndefined();
    expect(new PostsFetchError(new TypeError('Failed to fetch')).hint).toBeUndefined();
  });
});
