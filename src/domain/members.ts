import { z } from 'zod';
import { VerifiedType } from './auth';
import { LIMITS } from './limits';
import { text } from './text';
import { uuidField } from './id-schemas';

export { ratingText, reviewsLabel, VERIFIED_BADGES } from './community-values';

/** Texts of spec §2 dialog 4 and §8 for profiles and ratings. */
export const RATING_MESSAGES = {
  emptyList: 'No reviews yet. Be the first to rate this member!',
  /** On one's own profile, where no one can rate oneself (docs/decisions/0131). */
  emptyOwnList: 'No reviews yet. Neighbours you exchange messages with can rate you.',
  submittedTitle: 'Rating submitted',
  submittedText: 'Thank you for helping build community trust!',
  failedTitle: 'Error',
  failedText: 'Failed to submit rating. Please try again.',
  ratingRange: 'Rating must be 1 to 5',
  commentTooLong: `Maximum ${LIMITS.ratingCommentMax} characters`,
  notFound: 'Member not found.',
} as const;


/**
 * POST /api/user-ratings (spec §7): `rating` arrives as text or a number, 1-5; `raterUserId` may
 * only name the session's member (DECISIONS 1).
 */
export const RatingInput = z.object({
  ratedUserId: uuidField('ratedUserId must be a member id'),
  raterUserId: text().optional(),
  rating: z.coerce.number({ error: RATING_MESSAGES.ratingRange }).int(RATING_MESSAGES.ratingRange).min(1, RATING_MESSAGES.ratingRange).max(5, RATING_MESSAGES.ratingRange),
  comment: text()
    .trim()
    .max(LIMITS.ratingCommentMax, RATING_MESSAGES.commentTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type RatingInput = z.infer<typeof RatingInput>;

/** A rating as the API returns it (spec §3 User rating, with the rater's name). */
export const UserRating = z.object({
  id: z.string(),
  ratedUserId: z.string(),
  raterUserId: z.string(),
  raterName: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type UserRating = z.infer<typeof UserRating>;

/**
 * GET /api/users/:id: a member as anyone may see them (never the email), and what the asking
 * member may do about them: block, rate (and if not, why: DECISIONS 20).
 */
export const PublicProfile = z.object({
  id: z.string(),
  username: z.string(),
  initials: z.string(),
  /** Text 'true' or 'false', as spec §3 has it. */
  isVerified: z.enum(['true', 'false']),
  verifiedType: VerifiedType.nullable(),
  /** When the badge was given (its tooltip says so), or null. */
  verifiedAt: z.string().nullable(),
  memberSince: z.string(),
  averageRating: z.number().nullable(),
  ratingCount: z.number().int(),
  viewer: z.object({
    isSelf: z.boolean(),
    /** The asking member blocked this one. */
    blocked: z.boolean(),
    canRate: z.boolean(),
    /** Why rating is not open, in words for people (null when it is). */
    rateReason: z.string().nullable(),
    /** Whether the asking member may message this one: not across a block either way (DECISIONS 21). */
    canMessage: z.boolean(),
    /** Why messaging is not open, in words for people (null when it is). */
    messageReason: z.string().nullable(),
    /**
     * The member cannot send messages for now (a suspension, not named): a message to them may
     * get no answer, and the writer is told so (docs/decisions/0148). Only for a viewer who may
     * message them (never a guest, oneself, or across a block).
     */
    answerPaused: z.boolean(),
    myRating: z.object({ rating: z.number().int(), comment: z.string().nullable() }).nullable(),
  }),
  /**
   * For an admin viewing another member (issue 19): whether they are an admin too (never
   * suspended), and their suspension while it holds (until null: until lifted). Null for others.
   */
  moderation: z
    .object({
      isAdmin: z.boolean(),
      suspension: z.object({ until: z.string().nullable(), reason: z.string() }).nullable(),
    })
    .nullable(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

/** What a card shows of its owner (spec §2 Post card): their rating and badge. */
export const OwnerSummary = z.object({
  averageRating: z.number().nullable(),
  ratingCount: z.number().int(),
  verifiedType: VerifiedType.nullable(),
});
export type OwnerSummary = z.infer<typeof OwnerSummary>;
