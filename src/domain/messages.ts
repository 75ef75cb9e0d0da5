import { z } from 'zod';
import { LIMITS } from './limits';
import { text } from './text';
import { MESSAGE_MESSAGES } from './message-values';
import { uuidField } from './id-schemas';

export * from './message-values';

/** POST /api/messages (spec §7); the sender is the session's member (DECISIONS 1). */
export const SendMessageInput = z.object({
  fromUserId: text().optional(),
  toUserId: uuidField('toUserId must be a member id'),
  postId: uuidField('postId must be a post id').nullish(),
  subject: text()
    .trim()
    .max(LIMITS.subjectMax, MESSAGE_MESSAGES.subjectTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  content: text(MESSAGE_MESSAGES.empty).trim().min(1, MESSAGE_MESSAGES.empty).max(LIMITS.messageMax, MESSAGE_MESSAGES.tooLong),
});
export type SendMessageInput = z.infer<typeof SendMessageInput>;

export const Message = z.object({
  id: z.string(),
  fromUserId: z.string(),
  toUserId: z.string(),
  fromName: z.string(),
  toName: z.string(),
  postId: z.string().nullable(),
  postTitle: z.string().nullable(),
  /** The post was deleted since; `postTitle` is the title it had (docs/decisions/0148). */
  postDeleted: z.boolean(),
  subject: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Message = z.infer<typeof Message>;

/** A conversation in the inbox: with one member, about one post (or none). */
export const Thread = z.object({
  otherUserId: z.string(),
  otherName: z.string(),
  postId: z.string().nullable(),
  postTitle: z.string().nullable(),
  postDeleted: z.boolean(),
  last: Message,
  unread: z.number().int(),
});
export type Thread = z.infer<typeof Thread>;

/** A thread's address: the other member and the post ('none' for a conversation about no post). */
export const ThreadQuery = z.object({
  postId: z.union([uuidField('postId must be a post id'), z.literal('none')]).default('none'),
  cursor: text().max(200).optional(),
});
export type ThreadQuery = z.infer<typeof ThreadQuery>;
