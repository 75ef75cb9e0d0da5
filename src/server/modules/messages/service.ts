import type { Actor } from '../../../domain/actor';
import { isUuid } from '../../../domain/ids';
import { defaultSubject, MESSAGE_MESSAGES, type Message, type SendMessageInput, type Thread, type ThreadQuery, threadPath } from '../../../domain/messages';
import { RATING_MESSAGES } from '../../../domain/members';
import { SITE_NAME } from '../../../domain/pages';
import { actsAsSelf, canMessage, POLICY_MESSAGES } from '../../../domain/policy';
import type { Db } from '../../db/client';
import { AppError, assertAllowed, badRequest, notFound, memberIdOf } from '../../errors';
import { decodeKeyset, keysetPage } from '../../lib/keyset';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { RateLimiter, RateRule } from '../../plugins/rate-limit';
import { mailedLinkOrigin, type Mail, type MailService, type MailStopLinks } from '../mail/service';
import type { MembersService } from '../members/service';
import type { NotificationsService } from '../notifications/service';
import { POST_MESSAGES, type PostsService } from '../posts/service';
import { createMessagesRepository, type MessageRow } from './repository';
import { committed } from '../../db/committed';

/** Limits per member (issue: 60 messages an hour, 20 new conversations a day). */
export const MESSAGE_RATES = {
  messages: { what: 'messages', limit: 60, windowMs: 60 * 60_000 },
  conversations: { what: 'new conversations', limit: 20, windowMs: 24 * 60 * 60_000 },
} as const satisfies Record<string, RateRule>;
/** Threads the inbox lists; messages a thread page holds. */
export const THREADS_SHOWN = 100;
export const THREAD_PAGE = 50;

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  fromUserId: row.fromUserId,
  toUserId: row.toUserId,
  fromName: row.fromName,
  toName: row.toName,
  postId: row.postId,
  postTitle: row.postTitle,
  postDeleted: row.postDeleted,
  subject: row.subject,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

const isNotFound = (err: unknown) => err instanceof AppError && err.code === 'NOT_FOUND';

/** A settled promise's value, or its error thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

export interface MessagesServiceDeps {
  db: Db;
  limiter: RateLimiter;
  posts: PostsService;
  members: MembersService;
  notifications: NotificationsService;
  mail: MailService;
  /** The site's address for links in mail (PUBLIC_URL), when known. */
  publicUrl?: string;
  /** Signs the mail's link that turns message mail off (0138). */
  stopLinks: MailStopLinks;
}

/**
 * The mail of a new message (docs/decisions/0137): who wrote and what, the way to reply, and why
 * it came: the first unread message of a conversation is mailed, the next ones wait until it is
 * read. With the site's address, the mail carries a link that turns such mail off without
 * signing in, in its text and as List-Unsubscribe for the mail program's own button (0138).
 */
function messageMail(to: string, row: MessageRow, origin: string | null, stopLinks: MailStopLinks): Mail {
  const why = `You get this mail because a neighbour wrote to you on ${SITE_NAME}. Until you read this conversation, its next messages are not mailed.`;
  const mail = (...paragraphs: string[]) => ({ to, subject: row.subject ?? `New message from ${row.fromName}`, text: [`${row.fromName} wrote:`, row.content, ...paragraphs].join('\n\n') });
  if (!origin) return mail(`${why} To stop these mails, turn them off on your account page.`);
  return {
    ...mail(
      `Reply: ${origin}${threadPath(row.fromUserId, row.postId)}`,
      `${why} To stop these mails: ${stopLinks.page(origin, row.toUserId)} (or turn them off on your account page: ${origin}/account).`,
    ),
    headers: stopLinks.headers(origin, row.toUserId),
  };
}

/**
 * Messages and the inbox (spec §2 dialog 5, DECISIONS 14): the sender is the session's member; no
 * message crosses a block (DECISIONS 21). The recipient is told at once (a notification, live on
 * the socket) and, when mail is configured, by mail through the outbox.
 */
export function createMessagesService(deps: MessagesServiceDeps) {
  const repo = createMessagesRepository(deps.db);
  const linkOrigin = mailedLinkOrigin(deps.mail, deps.publicUrl);

  const memberOf = (actor: Actor) => memberIdOf(actor, POLICY_MESSAGES.signInToMessage);

  return {
    /** Whether each of the two has sent the other a message (for ratings, DECISIONS 20). */
    exchanged: (a: string, b: string) => repo.exchanged(a, b),

    /** POST /api/messages. */
    async send(actor: Actor, input: SendMessageInput): Promise<Message> {
      assertAllowed(actsAsSelf(actor, input.fromUserId));
      const from = memberOf(actor);
      // The reads the rules need start together (none writes); their answers are met in the rules' order.
      const [exists, blocked, readable, known] = await Promise.allSettled([
        deps.members.exists(input.toUserId),
        deps.members.blocked(from, input.toUserId),
        input.postId ? deps.posts.readable(actor, input.postId) : null,
        repo.threadExists(from, input.toUserId, input.postId ?? null),
      ]);
      if (!settled(exists)) throw notFound(RATING_MESSAGES.notFound);
      assertAllowed(canMessage(actor, input.toUserId, { blocked: settled(blocked) }));
      const continuing = settled(known);
      // A thread about a post hidden since (its owner suspended, removed on reports) goes on: the
      // two spoke of it already. Only a new thread needs a post the sender may see (0146).
      const post = continuing && readable.status === 'rejected' && isNotFound(readable.reason) ? null : settled(readable);
      // About a post: one of the two owns it, or a thread would wear another member's post (0131).
      if (post && post.row.userId !== from && post.row.userId !== input.toUserId) throw badRequest(MESSAGE_MESSAGES.notAboutTheirPost);
      const postId = post?.row.id ?? (continuing ? (input.postId ?? null) : null);
      // A reply about a post hidden or deleted since carries the title the thread has (0148).
      const postTitle = post ? post.row.title : postId ? await repo.threadPostTitle(from, input.toUserId, postId) : null;
      if (!continuing) await deps.limiter.hit(`conversations:${from}`, MESSAGE_RATES.conversations);
      await deps.limiter.hit(`messages:${from}`, MESSAGE_RATES.messages);
      const email = deps.mail.enabled ? await repo.mailTo(input.toUserId) : undefined;
      // The message, its notification and its mail are stored together or not at all: a retry after a failure sends it once.
      const row = await committed(deps.db, async (tx, announce) => {
        // A post deleted meanwhile starts no conversation; one that goes on keeps a deleted post's (0148).
        if (post && !continuing && !(await repo.holdPost(tx, post.row.id))) throw notFound(POST_MESSAGES.notFound);
        const row = await repo.insert(
          {
            fromUserId: from,
            toUserId: input.toUserId,
            postId,
            postTitle,
            subject: input.subject ?? (post ? defaultSubject(post.row.title) : null),
            content: input.content,
          },
          tx,
        );
        announce(await deps.notifications.notifyIn(tx, row.toUserId, 'new_message', { fromUserId: from, fromUsername: row.fromName, content: row.content, messageId: row.id, postId }));
        if (email && (await repo.firstUnread(tx, row))) await deps.mail.enqueue(messageMail(email, row, linkOrigin, deps.stopLinks), tx);
        return row;
      }).catch((err: unknown) => {
        // The recipient was deleted meanwhile.
        throw isForeignKeyViolation(err) ? notFound(RATING_MESSAGES.notFound) : err;
      });
      return toMessage(row);
    },

    /** GET /api/messages: the member's threads, newest first, with unread counts. */
    async threads(actor: Actor): Promise<Thread[]> {
      const rows = await repo.threads(memberOf(actor), THREADS_SHOWN);
      return rows.map((r) => ({
        otherUserId: r.otherUserId,
        otherName: r.otherUserId === r.fromUserId ? r.fromName : r.toName,
        postId: r.postId,
        postTitle: r.postTitle,
        postDeleted: r.postDeleted,
        last: toMessage(r),
        unread: r.unread,
      }));
    },

    /** GET /api/messages/with/:userId: one thread, newest first, a page at a time. */
    async thread(actor: Actor, otherUserId: string, query: ThreadQuery): Promise<{ messages: Message[]; nextCursor: string | null }> {
      const me = memberOf(actor);
      if (!isUuid(otherUserId)) throw notFound(RATING_MESSAGES.notFound);
      const postId = query.postId === 'none' ? null : query.postId;
      const after = decodeKeyset(query.cursor);
      const rows = await repo.thread(me, otherUserId, postId, THREAD_PAGE + 1, after);
      // An empty first page of a member who is not there (an account closed, a stale link) is no conversation to start (0131).
      if (rows.length === 0 && !after && !(await deps.members.exists(otherUserId))) throw notFound(RATING_MESSAGES.notFound);
      const { shown, nextCursor } = keysetPage(rows, THREAD_PAGE, (row) => [row.key, row.id]);
      return { messages: shown.map(toMessage), nextCursor };
    },

    /** POST /api/messages/with/:userId/read: the thread's messages to the member are read. */
    async markRead(actor: Actor, otherUserId: string, query: Pick<ThreadQuery, 'postId'>): Promise<void> {
      const me = memberOf(actor);
      if (!isUuid(otherUserId)) throw notFound(RATING_MESSAGES.notFound);
      const postId = query.postId === 'none' ? null : query.postId;
      await repo.markRead(me, otherUserId, postId);
      await deps.notifications.markThreadRead(me, otherUserId, postId);
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
