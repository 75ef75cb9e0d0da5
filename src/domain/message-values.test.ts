import { describe, expect, it } from 'vitest';
import { answerPausedText, threadTopic } from './message-values';

describe('what a conversation is about, as the inbox names it (0148)', () => {
  it('names the post, one deleted since, or none', () => {
    expect(threadTopic('Six skids', false)).toBe('Six skids');
    expect(threadTopic('Six skids', true)).toBe('Six skids (post deleted)');
    expect(threadTopic(null, false)).toBe('General');
    // A reply stored as its post was deleted may have no title written down.
    expect(threadTopic(null, true)).toBe('A deleted post');
  });
});

describe('a member who cannot answer for now (0148)', () => {
  it('is named, and nothing is said of why', () => {
    expect(answerPausedText('Dave')).toBe("Dave can't send messages for now, so an answer may not come.");
  });
});
