import { describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../../../domain/comments';
import { checkComment } from './comment-input';

describe('checkComment (spec §5 Comment)', () => {
  it('ignores empty and whitespace-only text', () => {
    expect(checkComment('')).toEqual({ kind: 'ignored' });
    expect(checkComment('  \n\t ')).toEqual({ kind: 'ignored' });
  });

  it('sends the trimmed text, up to 500 characters', () => {
    expect(checkComment('  Are they still there?  ')).toEqual({ kind: 'ok', content: 'Are they still there?' });
    expect(checkComment('a'.repeat(500))).toEqual({ kind: 'ok', content: 'a'.repeat(500) });
  });

  it("refuses longer text with the schema's message", () => {
    expect(checkComment('a'.repeat(501))).toEqual({ kind: 'invalid', message: COMMENT_MESSAGES.tooLong });
    expect(COMMENT_MESSAGES.tooLong).toBe('Comment too long');
    expect(COMMENT_MESSAGES.empty).toBe('Comment cannot be empty');
  });
});
