/** The keys of GET /api/messages (the inbox) and GET /api/messages/with/:userId (a thread), per member. */
export const messageKeys = {
  all: ['/api/messages'] as const,
  /** Everything of one member's: a change of member never shows the last one's messages. */
  member: (userId: string | null) => [...messageKeys.all, userId] as const,
  threads: (userId: string | null) => [...messageKeys.member(userId), 'threads'] as const,
  /** Every conversation of one member's with `otherUserId`, whatever the post. */
  withMember: (userId: string | null, otherUserId: string) => [...messageKeys.member(userId), 'with', otherUserId] as const,
  thread: (userId: string | null, otherUserId: string, postId: string | null) =>
    [...messageKeys.withMember(userId, otherUserId), postId ?? 'none'] as const,
};

/** A thread's address on the API: the other member and the post ('none' for a conversation about no post). */
export const threadApiPath = (otherUserId: string, postId: string | null, action = '') =>
  `/api/messages/with/${encodeURIComponent(otherUserId)}${action}?postId=${encodeURIComponent(postId ?? 'none')}`;
