import { DAY_MS } from './limits';
import type { SubscriptionStatus } from './auth';

/**
 * Access is a list of grants with an optional end (DECISIONS 6). What they allow is the policy's
 * to say (policy.ts); this module describes them: which are active, the subscription they add up
 * to, the header badge.
 */
export const GRANT_KINDS = ['trial', 'day', 'lifetime', 'posting', 'kindness', 'owner', 'credit'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/**
 * Kinds: trial (7 days from registration), day (a 24-hour pass, or days earned by inviting),
 * lifetime, posting (the posting fee, Reading B), kindness (24 hours, no questions asked), owner
 * (the owner password), credit (a referral's $3, spent on a $3 product; it gives no access itself).
 */
export interface Grant {
  kind: GrantKind;
  startsAt: Date;
  /** null: never ends. */
  endsAt: Date | null;
}

/** The kinds that make a member's subscription 'active' (spec §3, §4 badge 'Premium'). */
const PAID_KINDS: ReadonlySet<GrantKind> = new Set(['day', 'lifetime', 'kindness', 'owner']);

export function isActive(grant: Grant, now: Date): boolean {
  return grant.startsAt <= now && (grant.endsAt === null || grant.endsAt > now);
}

export interface SubscriptionView {
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: Date | null;
  subscriptionEndsAt: Date | null;
}

function latestEnd(grants: Grant[]): Date | null {
  if (grants.some((g) => g.endsAt === null)) return null;
  return grants.reduce<Date | null>((max, g) => (max === null || g.endsAt! > max ? g.endsAt : max), null);
}

/** The user's status and end dates, derived from the grants (never stored on the user). */
export function deriveSubscription(grants: readonly Grant[], now: Date): SubscriptionView {
  const trial = grants.filter((g) => g.kind === 'trial');
  const trialEndsAt = latestEnd(trial);
  const paid = grants.filter((g) => PAID_KINDS.has(g.kind) && isActive(g, now));
  if (paid.length > 0) {
    return { subscriptionStatus: 'active', trialEndsAt, subscriptionEndsAt: latestEnd(paid) };
  }
  const activeTrial = trial.some((g) => isActive(g, now));
  return { subscriptionStatus: activeTrial ? 'trial' : 'expired', trialEndsAt, subscriptionEndsAt: null };
}

/**
 * When the holder's last grant of `kind` that has not started yet starts, or null: a day pass
 * bought during a trial or another pass follows on from it (docs/decisions/0080), and its receipt
 * says when it starts (0127).
 */
export function startsLater(grants: readonly Grant[], kind: GrantKind, now: Date): Date | null {
  return grants.reduce<Date | null>((last, g) => (g.kind === kind && g.startsAt > now && (!last || g.startsAt > last) ? g.startsAt : last), null);
}

/** Days until `end`, rounded up, never negative; 0 without an end date (spec §4 badge). */
export function daysLeft(end: Date | null, now: Date): number {
  if (!end) return 0;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/**
 * Header badge text (spec §4 Subscription badge): null means no badge. 'N days left' says
 * '1 day left' when N is 1 (docs/decisions/0123).
 */
export function badgeText(
  user: { subscriptionStatus: SubscriptionStatus; trialEndsAt: string | null },
  now: Date,
): string | null {
  if (user.subscriptionStatus === 'active') return 'Premium';
  if (user.subscriptionStatus === 'trial') {
    const days = daysLeft(user.trialEndsAt ? new Date(user.trialEndsAt) : null, now);
    return `Trial - ${days} ${days === 1 ? 'day' : 'days'} left`;
  }
  return null;
}

/** The Kindness Button (spec §1, §4, §8; issue 16): free access, no questions asked. */
export const KINDNESS = {
  hours: 24,
  granted: 'Access Granted',
  grantedText: 'You have free access for 24 hours: see every post and share your own. Pass the kindness on!',
  failedTitle: 'Unable to Grant Access',
  failedDefault: 'Please try again later.',
  networkFailed: 'Failed to grant access. Please try again.',
  /** The refusals point to the free trial of registering (issue 16). */
  alreadyHere: 'You already have free access on this browser. For longer, create a free account: a 7-day trial, no payment.',
  alreadyAddress: 'Free access was already given on this network today. Create a free account for a 7-day trial: no payment needed.',
  /** A member has had their trial: the refusals offer the plans instead (0150). */
  alreadyHereMember: 'You already had free access in the last 24 hours. A 24-hour pass or lifetime access opens every post.',
  alreadyAddressMember: 'Free access was already given on this network today. A 24-hour pass or lifetime access opens every post.',
  noSession: 'Your browser did not keep our cookie, so free access could not be kept for you. Please allow cookies, or create a free account.',
  /** The kindness page redirects home after this long (spec §9). */
  redirectMs: 1500,
} as const;

/** The owner password of the Post Access Required dialog (spec §2 dialog 9, DECISIONS 4). */
export const OWNER_ACCESS = {
  denied: 'Access Denied',
  wrong: 'Incorrect admin password.',
  networkFailed: 'Failed to verify admin access.',
  notConfigured: 'Owner access is not set up on this server.',
  granted: 'Owner access granted',
} as const;
