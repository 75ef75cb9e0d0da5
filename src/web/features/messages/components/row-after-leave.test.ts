import { describe, expect, it } from 'vitest';
import { rowAfterLeave } from './row-after-leave';

describe('the row that takes the focus back to the inbox (docs/decisions/0049, 0152)', () => {
  it("is the conversation's own row when it is still listed (back from it on a phone)", () => {
    expect(rowAfterLeave(['a', 'b', 'c'], ['a', 'b', 'c'], 'b')).toBe('b');
  });

  it('is the row that took its place when the conversation went with its member, with all their rows', () => {
    // Rita's two conversations (r1, r2) went with her account; the one shown was r1.
    expect(rowAfterLeave(['r1', 'c', 'r2', 'd'], ['c', 'd'], 'r1')).toBe('c');
    expect(rowAfterLeave(['c', 'r1', 'r2', 'd'], ['c', 'd'], 'r1')).toBe('d');
  });

  it('is the last row when the conversation was the last, the first for one that had no row, none when the inbox is empty', () => {
    expect(rowAfterLeave(['c', 'd', 'r1'], ['c', 'd'], 'r1')).toBe('d');
    expect(rowAfterLeave(['c', 'd'], ['c', 'd'], 'new')).toBe('c');
    expect(rowAfterLeave(['r1'], [], 'r1')).toBeNull();
  });
});
