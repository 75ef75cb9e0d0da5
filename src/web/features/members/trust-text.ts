import type { VerifiedType } from '../../../domain/auth';
import { reviewsLabel, VERIFIED_BADGES } from '../../../domain/community-values';
import { formatCount } from '../../../domain/numbers';

/** What our team checked before giving each badge (spec §6), for the badge's tooltip. */
const CHECKED: Record<VerifiedType, string> = {
  arborist: 'We checked that they run a professional tree service.',
  business: 'We checked who runs the business.',
  individual: 'We checked who they are.',
};

/** 'on June 3, 2026': the day an admin gave the badge. */
const checkedOn = (verifiedAt: string, locale?: string) =>
  ` Checked on ${new Date(verifiedAt).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' })}.`;

/**
 * The badge's tooltip (issue 19): what it says, what was checked and when, and that it vouches for
 * nothing else.
 */
export function badgeNote(type: VerifiedType, verifiedAt: string | null = null, locale?: string): string {
  const when = verifiedAt ? checkedOn(verifiedAt, locale) : '';
  return `${VERIFIED_BADGES[type].detail}. ${CHECKED[type]}${when} A badge is not an endorsement: meet safely, as with anyone.`;
}

const oneDecimal = (average: number) => (Math.round(average * 10) / 10).toFixed(1);

/** An average in words, for the stars' screen-reader name: 'Rated 4.5 out of 5', 'Not rated yet'. */
export const starsLabel = (average: number | null): string =>
  average === null ? 'Not rated yet' : `Rated ${oneDecimal(average)} out of 5`;

/**
 * A card's owner rating (spec §2 Post card): short, '★ 4.6 (12)', and in words for screen
 * readers; null while nobody has rated them.
 */
export function ownerRatingText(average: number | null, count: number): { short: string; spoken: string } | null {
  if (average === null || count <= 0) return null;
  return {
    short: `★ ${oneDecimal(average)} (${formatCount(count)})`,
    spoken: `${starsLabel(average)} from ${reviewsLabel(count)}`,
  };
}

/** 'Member since November 2026' (spec §2 dialog 4). */
export const memberSinceText = (memberSince: string, locale?: string): string =>
  `Member since ${new Date(memberSince).toLocaleDateString(locale, { month: 'long', year: 'numeric' })}`;

/**
 * How much of each of the five stars is filled for an average (4.5 -> 1, 1, 1, 1, 0.5), in
 * quarters, so a 4.3 does not look like a 4.5.
 */
export function starFills(average: number | null): number[] {
  const value = average ?? 0;
  return [0, 1, 2, 3, 4].map((i) => Math.round(Math.min(Math.max(value - i, 0), 1) * 4) / 4);
}
