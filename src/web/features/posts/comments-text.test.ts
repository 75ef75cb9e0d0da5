import { describe, expect, it } from 'vitest';
import { commentsText } from './comments-text';

describe('commentsText (spec §2 Post card)', () => {
  it('invites the first comment, then counts them', () => {
    expect(commentsText(0)).toBe('Be the first to comment');
    expect(commentsText(1)).toBe('1 comment');
    expect(commentsText(2)).toBe('2 comments');
    expect(commentsText(1234)).toBe('1,234 comments');
  });
});
