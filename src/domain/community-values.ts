import type { VerifiedType } from './auth';
import { formatCount } from './numbers';

/**
 * The values and texts of comments and member trust that a card shows, without zod: the web's
 * first screen imports these and stays free of the schema library (docs/decisions/0040).
 * comments.ts and members.ts re-export them with their schemas.
 */

const counted = (count: number, noun: string) =>
  `${formatCount(count)} ${count === 1 ? noun : `${noun}s`}`;

/** The card's comments button (spec §2 Post card): 'Be the first to comment', '1 comment', '1,234 comments'. */
export function commentsLabel(count: number): string {
  return count <= 0 ? 'Be the first to comment' : counted(count, 'comment');
}

/** The verified badges of spec §6: what each says and what was checked. */
export const VERIFIED_BADGES: Record<VerifiedType, { label: string; detail: string }> = {
  arborist: { label: 'Verified Arborist', detail: 'Professional tree service verified' },
  business: { label: 'Verified Business', detail: 'Identity verified' },
  individual: { label: 'Verified User', detail: 'Trusted community member' },
};

/** 'review' or 'reviews' (spec §2 dialog 4). */
export const reviewsLabel = (count: number) => counted(count, 'review');

/** Stars out of 5, one decimal: '(4.5/5)'. A member without ratings has no average to write (0127). */
export const ratingText = (average: number) => `(${Math.round(average * 10) / 10}/5)`;
