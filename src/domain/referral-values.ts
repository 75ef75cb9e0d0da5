import { CREDIT_CENTS, usd } from './payment-values';

/**
 * The zod-free part of referrals (as post-values.ts is of posts, docs/decisions/0040): the home
 * page's invite section imports these without pulling zod in. referrals.ts re-exports them.
 */

/** An invite code (spec §5): 'FF' and 6 uppercase letters or digits; made by the server (DECISIONS 26). */
export const INVITE_CODE = /^FF[A-Z0-9]{6}$/;

/** The link a member shares (spec §2 referral card): the site with `?ref=CODE`. */
export const referralLink = (origin: string, code: string) => `${origin.replace(/\/$/, '')}/?ref=${code}`;

/**
 * Invite tiers (spec §9, DECISIONS 26): friends who registered with the code and shared a first
 * post that is still up. Each tier is granted once, when reached.
 */
export const TIERS = [
  { friends: 1, reward: '+7 days', grant: { kind: 'day', days: 7 } },
  { friends: 3, reward: '+1 month', grant: { kind: 'day', days: 30 } },
  { friends: 5, reward: 'Lifetime access', grant: { kind: 'lifetime', days: null } },
] as const;

export const REFERRAL_MESSAGES = {
  inviteSent: 'Invitation sent!',
  inviteSentText: 'Your friend has been invited to join',
  inviteFailed: 'Error - Failed to send invitation. Please try again.',
  copied: 'Link copied!',
  copyFailed: 'Copy failed - Please copy the link manually.',
  mailOff: 'Email invitations are not set up on this server. Copy your link and share it instead.',
  invitedRecently: 'You invited this friend recently. Give them a little time.',
  inviteYourself: 'That is your own email address.',
  /** For a member whose access never ends, in place of the tiers (docs/decisions/0148). */
  rewardsAddNothing: 'Your access never ends, so the invite rewards would add nothing to it. Friends who join with your code still start with a free trial.',
} as const;

/** How long the copy button shows its check (spec §4 Invite, §9: 2000 ms). */
export const COPIED_MS = 2000;

/** Total earned (spec §9): $3 × the referrals with the bonus granted. */
export const totalEarned = (bonusesGranted: number) => (bonusesGranted * CREDIT_CENTS) / 100;

/** The tier reached with `qualified` friends, and the next one (null past the last). */
export function tierProgress(qualified: number) {
  const reached = TIERS.filter((t) => qualified >= t.friends);
  const next = TIERS.find((t) => qualified < t.friends) ?? null;
  return { reached, next, toNext: next ? next.friends - qualified : 0 };
}

/** '1 friend', '3 friends'. */
export const friendsWord = (n: number) => `${n} ${n === 1 ? 'friend' : 'friends'}`;

/** A tier as the cards list it: '1 friend = +7 days', '3 friends = +1 month', '5 friends = Lifetime access'. */
export const tierText = (tier: { friends: number; reward: string }) =>
  `${friendsWord(tier.friends)} = ${tier.reward}`;

/**
 * Where a member stands (spec §2 referral card): '2 friends joined and shared. 1 more for +1 month.',
 * 'No friends have joined yet. 1 friend gets you +7 days.', '5 friends joined and shared: every reward is yours.'
 */
export function tierProgressText(qualified: number): string {
  const { next, toNext } = tierProgress(qualified);
  if (qualified <= 0)
    return `No friends have joined yet. ${friendsWord(TIERS[0].friends)} gets you ${TIERS[0].reward}.`;
  const joined = `${friendsWord(qualified)} joined and shared`;
  if (!next) return `${joined}: every reward is yours.`;
  return `${joined}. ${toNext} more for ${next.reward}.`;
}

/** The referral card's money line: '$3 earned · $3 credit to spend'. */
export const earningsText = (earnedDollars: number, creditCents: number) =>
  `${usd(Math.round(earnedDollars * 100))} earned · ${usd(creditCents)} credit to spend`;

/**
 * Under referral credit held by a viewer whose access never ends (lifetime, an admin): a day pass
 * and the posting fee are all it buys, and neither is sold to them (0150).
 */
export const CREDIT_UNUSABLE_TEXT = 'Your access never ends, so there is nothing left for this credit to buy.';
