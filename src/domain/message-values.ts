import { LIMITS } from './limits';

/**
 * The zod-free part of messages (as post-values.ts is of posts, docs/decisions/0040): texts and
 * pure helpers that screens on the first page may import without pulling zod in. messages.ts
 * re-exports them.
 */

const NOT_SENT = 'Your message was not sent.';

/** Texts of spec §2 dialog 5, §5 and §8 for messages. */
export const MESSAGE_MESSAGES = {
  empty: 'Please enter a message.',
  tooLong: `Maximum ${LIMITS.messageMax} characters`,
  subjectTooLong: `Maximum ${LIMITS.subjectMax} characters`,
  sent: 'Message sent!',
  failed: 'Failed to send message. Please try again.',
  /**
   * The server's 404 for a member who is not there, whose account was closed (the words of
   * RATING_MESSAGES.notFound, which the server sends; this file pulls no zod, docs/decisions/0040).
   */
  memberNotFound: 'Member not found.',
  /** What follows the server's words for another 404 (a post deleted meanwhile, 0152). */
  notSent: NOT_SENT,
  /** A message to a member who closed their account meanwhile: it cannot go, ever (docs/decisions/0152). */
  recipientLeft: `This member has closed their account. ${NOT_SENT}`,
  /** An open conversation whose other member closed their account meanwhile: it went with them (0108, 0152). */
  conversationLeftTitle: 'Conversation gone',
  conversationLeft: 'This member has closed their account, and your conversation went with them.',
  /** A conversation about a post is with its owner (DECISIONS 2; docs/decisions/0131). */
  notAboutTheirPost: 'A message about a post goes to its owner.',
  tip: 'Tip: agree on a public place and a daylight time for the pickup, and keep the conversation here.',
} as const;

/** What a conversation is about, as the inbox names it: the post, one deleted since, or none (docs/decisions/0148). */
export function threadTopic(postTitle: string | null, postDeleted: boolean): string {
  if (postDeleted) return postTitle === null ? 'A deleted post' : `${postTitle} (post deleted)`;
  return postTitle ?? 'General';
}

/** Over the reply box, when the other member cannot send messages for now (docs/decisions/0148). */
export const answerPausedText = (name: string) => `${name} can't send messages for now, so an answer may not come.`;

/** The subject when none is typed (spec §5): 'Re: ' and the post's title. */
export const defaultSubject = (postTitle: string) => `Re: ${postTitle}`.slice(0, LIMITS.subjectMax);

/** The inbox's link to a thread. */
export const threadPath = (otherUserId: string, postId: string | null) =>
  `/messages?with=${encodeURIComponent(otherUserId)}${postId ? `&post=${encodeURIComponent(postId)}` : ''}`;

/** What an empty inbox says: how to start, or, while the first conversation is being started beside it, where it will show. */
export const INBOX_TEXT = {
  empty: 'Press Message on a post to write to its owner. Your conversations and their replies show here.',
  starting: 'This conversation shows here once you send your first message.',
} as const;
