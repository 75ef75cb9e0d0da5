import { z } from 'zod';
import { OWN_POST_SHOWN } from './own-post-values';
import { POST_STATUSES, POST_TYPES } from './post-values';

/** A member's own post on their account page (docs/decisions/0146), and why it is in no list, if it is not. */
export const OwnPost = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(POST_TYPES),
  status: z.enum(POST_STATUSES),
  createdAt: z.string(),
  shown: z.enum(OWN_POST_SHOWN),
});
export type OwnPost = z.infer<typeof OwnPost>;

export const OwnPostsPage = z.object({ items: z.array(OwnPost), nextCursor: z.string().nullable() });
export type OwnPostsPage = z.infer<typeof OwnPostsPage>;

/** GET /api/user/posts: 20 a page by default, newest first. */
export const OwnPostsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type OwnPostsQuery = z.infer<typeof OwnPostsQuery>;
