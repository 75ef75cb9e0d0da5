import { describe, expect, it } from 'vitest';
import { notificationTarget, notificationToast, quoted, TOAST_QUOTE_MAX } from './notification-values';

const message = (content: string) =>
  notificationToast({
    id: 'n1',
    type: 'new_message',
    data: { fromUserId: 'u2', fromUsername: 'Bob', content, messageId: 'm1', postId: null },
    read: false,
    createdAt: new Date().toISOString(),
  } as Parameters<typeof notificationToast>[0]);

describe("a new message's toast (spec §8, 0146)", () => {
  it('says the sender, a colon and the message, whole when short', () => {
    expect(message('Are the apples still there?')).toEqual({ title: 'New Message', description: 'Bob: Are the apples still there?' });
    expect(quoted('x'.repeat(TOAST_QUOTE_MAX))).toBe('x'.repeat(TOAST_QUOTE_MAX));
  });

  it('quotes a long one in part, cut between words, with an ellipsis', () => {
    const long = 'We have plenty of apples left on the tree, come any evening this week after six. '.repeat(6).trim();
    const { description } = message(long);
    const quote = description.slice('Bob: '.length);
    expect(quote.length).toBeLessThanOrEqual(TOAST_QUOTE_MAX);
    expect(quote.endsWith('…')).toBe(true);
    expect(long.startsWith(quote.slice(0, -1))).toBe(true);
    expect(long[quote.length - 1]).toBe(' ');
  });

  it('cuts a long word where it must', () => {
    expect(quoted('y'.repeat(500))).toBe(`${'y'.repeat(TOAST_QUOTE_MAX - 1)}…`);
  });
});

describe('a verification decision (0084, 0148)', () => {
  const decided = (status: 'approved' | 'rejected', reviewNotes: string | null) =>
    notificationToast({
      id: 'n2',
      type: 'verification_decided',
      data: { userId: 'u1', status, verifiedType: 'business', reviewNotes },
      read: false,
      createdAt: new Date().toISOString(),
    } as Parameters<typeof notificationToast>[0]);

  it("tells the member the admin's notes when approved, as when rejected", () => {
    expect(decided('approved', 'Called the number.')).toEqual({
      title: 'Verification Approved',
      description: 'Your "Verified Business" badge now shows on your posts and profile. The admin\'s notes: Called the number.',
    });
    expect(decided('approved', null).description).toBe('Your "Verified Business" badge now shows on your posts and profile.');
    expect(decided('rejected', 'No such shop.').description).toBe('Your request for "Verified Business" was not approved: No such shop.');
  });
});

describe('a comment an admin removed (0151)', () => {
  const removed = {
    id: 'n3',
    type: 'comment_removed',
    data: { postId: 'p1', postTitle: 'Pears to share' },
    read: false,
    createdAt: new Date().toISOString(),
  } as Parameters<typeof notificationToast>[0];

  it('tells the author which post it was on, and opens that post', () => {
    expect(notificationToast(removed)).toEqual({ title: 'Comment Removed', description: 'An admin removed your comment on "Pears to share".' });
    expect(notificationTarget(removed, 'u1')).toBe('/?post=p1');
  });
});
