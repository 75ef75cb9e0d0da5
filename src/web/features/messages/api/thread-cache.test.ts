import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { RATING_MESSAGES } from '../../../../domain/members';
import { MESSAGE_MESSAGES } from '../../../../domain/message-values';
import type { Message } from '../../../../domain/messages';
import { chronological, unreadTo, type ThreadPage } from './get-thread';
import { unreadMessages } from './get-threads';
import { readIn } from './mark-thread-read';
import { threadApiPath } from './message-keys';
import { recipientGone, sendFailure, withSent } from './send-message';

const ME = 'me';
const message = (n: number, fromUserId = 'them'): Message => ({
  id: `m${n}`,
  fromUserId,
  toUserId: fromUserId === ME ? 'them' : ME,
  fromName: fromUserId === ME ? 'Me' : 'Maple',
  toName: fromUserId === ME ? 'Maple' : 'Me',
  postId: null,
  postTitle: null,
  postDeleted: false,
  subject: null,
  content: `Message ${n}`,
  createdAt: new Date(Date.UTC(2026, 10, 25, 12, n)).toISOString(),
  readAt: null,
});
/** Two pages as the server sends them: newest first, the older page second. */
const thread = () => ({
  pages: [
    { messages: [message(4), message(3, ME)], next: '/older' },
    { messages: [message(2), message(1)], next: null },
  ] as ThreadPage[],
  pageParams: ['/first', '/older'],
});

describe('a thread in the cache', () => {
  it('reads oldest first, the newest at the bottom', () => {
    expect(chronological(thread().pages).map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(chronological(undefined)).toEqual([]);
  });

  it("knows the member's unread messages, and marks them read", () => {
    const messages = chronological(thread().pages);
    expect(unreadTo(messages, ME).map((m) => m.id)).toEqual(['m1', 'm2', 'm4']);
    const read = readIn(thread(), ME, '2026-11-25T13:00:00.000Z');
    expect(unreadTo(chronological(read?.pages), ME)).toEqual([]);
    // Those the member sent keep their own state: the other side has not read them.
    expect(chronological(read?.pages).find((m) => m.id === 'm3')?.readAt).toBeNull();
  });

  it('shows a sent message at once at the newest end, once', () => {
    const sent = message(5, ME);
    const next = withSent(thread(), sent);
    expect(chronological(next?.pages).at(-1)?.id).toBe('m5');
    expect(withSent(next, sent)).toBe(next);
    expect(withSent(undefined, sent)).toBeUndefined();
  });

  it('addresses a thread about no post as postId=none', () => {
    expect(threadApiPath('u 2', null)).toBe('/api/messages/with/u%202?postId=none');
    expect(threadApiPath('u2', 'p1', '/read')).toBe('/api/messages/with/u2/read?postId=p1');
  });
});

describe('the inbox', () => {
  it('counts the unread messages over every conversation', () => {
    const last = message(1);
    const row = (unread: number) => ({
      otherUserId: 'them',
      otherName: 'Maple',
      postId: null,
      postTitle: null,
      postDeleted: false,
      last,
      unread,
    });
    expect(unreadMessages([row(2), row(0), row(3)])).toBe(5);
    expect(unreadMessages(undefined)).toBe(0);
  });
});

describe('sendFailure (spec §8)', () => {
  const refusal = (status: number, message: string) => new ApiError(status, JSON.stringify({ message }), '');

  it("says the server's words for a block or a limit", () => {
    expect(sendFailure(refusal(403, 'You cannot contact this member.'))).toBe(
      'You cannot contact this member.',
    );
    expect(sendFailure(refusal(429, 'Too many messages. Please try again in 5 minutes.'))).toBe(
      'Too many messages. Please try again in 5 minutes.',
    );
  });

  // Before 0152 a 404 fell to the generic failure, 'Please try again', though a member who closed
  // their account can never be written to: trying again could only fail the same way.
  it('says that the member closed their account when the server answers 404 Member not found (0152)', () => {
    const gone = refusal(404, 'Member not found.');
    expect(sendFailure(gone)).toBe('This member has closed their account. Your message was not sent.');
    expect(recipientGone(gone)).toBe(true);
    // The words the server sends (RATING_MESSAGES.notFound), kept where the web reads them without zod.
    expect(MESSAGE_MESSAGES.memberNotFound).toBe(RATING_MESSAGES.notFound);
  });

  it("says the server's words for a post deleted meanwhile, and leaves the conversation be (0152)", () => {
    const postGone = refusal(404, 'Post not found.');
    expect(sendFailure(postGone)).toBe('Post not found. Your message was not sent.');
    expect(recipientGone(postGone)).toBe(false);
  });

  it('says the generic failure otherwise: the network, the server\'s own faults, an answer without words', () => {
    expect(sendFailure(refusal(500, 'Internal Server Error'))).toBe(
      'Failed to send message. Please try again.',
    );
    expect(sendFailure(new ApiError(503, '', 'Service Unavailable'))).toBe('Failed to send message. Please try again.');
    expect(sendFailure(new ApiError(404, '<html>Not Found</html>', 'Not Found'))).toBe(
      'Failed to send message. Please try again.',
    );
    expect(sendFailure(new TypeError('Failed to fetch'))).toBe('Failed to send message. Please try again.');
    expect(recipientGone(new TypeError('Failed to fetch'))).toBe(false);
    expect(recipientGone(refusal(403, 'Member not found.'))).toBe(false);
  });
});
