import { DAY_MS } from './limits';
import type { SubscriptionStatus } from './auth';

/**
 * Access is a list of grants with an optional end (DECISIONS 6). This module is the one place
 * that answers what a list of grants allows; the server enforces it and the web only displays it.
 */
export const GRANT_KINDS = ['trial', 'day_pass', 'lifetime', 'posting_fee', 'kindness', 'owner'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

export interface Grant {
  kind: GrantKind;
  startsAt: Date;
  /** null: never ends. */
  endsAt: Date | null;
}

export interface AccessSubject {
  isAdmin: boolean;
  grants: readonly Grant[];
}

const VIEWING_KINDS: ReadonlySet<GrantKind> = new Set(['trial', 'day_pass', 'lifetime', 'kindness', 'owner']);
const PAID_KINDS: ReadonlySet<GrantKind> = new Set(['day_pass', 'lifetime', 'kindness', 'owner']);
const POSTING_KINDS: ReadonlySet<GrantKind> = new Set([...VIEWING_KINDS, 'posting_fee']);

export function isActive(grant: Grant, now: Date): boolean {
  return grant.startsAt <= now && (grant.endsAt === null || grant.endsAt > now);
}

function activeOf(subject: AccessSubject, kinds: ReadonlySet<GrantKind>, now: Date): Grant[] {
  return subject.grants.filter((g) => kinds.has(g.kind) && isActive(g, now));
}

/** Full viewing access (spec §4 Access): an active trial or subscription, or an admin. */
export function canView(subject: AccessSubject, now: Date): boolean {
  return subject.isAdmin || activeOf(subject, VIEWING_KINDS, now).length > 0;
}

/** The subscription fields of a user as the API sends them (PublicUser) or as derived here. */
export interface ViewingUser {
  isAdmin: boolean;
  subscriptionStatus: SubscriptionStatus;
  /** ISO text (PublicUser) or a Date; null: no end. */
  trialEndsAt: string | Date | null;
  subscriptionEndsAt: string | Date | null;
}

const notEnded = (end: string | Date | null, now: Date) =>
  end === null || new Date(end).getTime() > now.getTime();

/**
 * `canView` for a user known only by the fields the API sends (PublicUser): an admin, an active
 * subscription whose end (if any) has not passed, or a trial whose end has not passed. The fields
 * are derived from the grants by `deriveSubscription` (a kindness or owner grant counts as active),
 * so for the same grants and instant this answers as `canView` does; the end dates make a pass that
 * runs out while the page is open stop counting without a refetch.
 */
export function userHasViewingAccess(user: ViewingUser, now: Date): boolean {
  if (user.isAdmin) return true;
  if (user.subscriptionStatus === 'active') return notEnded(user.subscriptionEndsAt, now);
  if (user.subscriptionStatus === 'trial') return notEnded(user.trialEndsAt, now);
  return false;
}

/**
 * Owners and admins may change a post (DECISIONS 2): its status, its content, its exact spot. The
 * web hides the buttons with it; the server refuses with it. A guest's own post (owned by a guest
 * session, `userId` null) is matched by the server on the session, which the web does not know.
 */
export function canManagePost(
  viewer: { userId: string | null; isAdmin: boolean },
  post: { userId: string | null },
): boolean {
  return viewer.isAdmin || isOwnPost(viewer, post);
}

/** The viewer posted it (a guest owns nothing here): no calling, messaging or reporting oneself. */
export function isOwnPost(viewer: { userId: string | null }, post: { userId: string | null }): boolean {
  return viewer.userId !== null && post.userId !== null && post.userId === viewer.userId;
}

export type PostingMode = 'gated' | 'open';

/** Posting (DECISIONS 8): `open` lets anyone post; `gated` needs a grant that allows posting. */
export function canPost(subject: AccessSubject, now: Date, mode: PostingMode): boolean {
  if (mode === 'open') return true;
  return subject.isAdmin || activeOf(subject, POSTING_KINDS, now).length > 0;
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

/** Days until `end`, rounded up, never negative; 0 without an end date (spec §4 badge). */
export function daysLeft(end: Date | null, now: Date): number {
  if (!end) return 0;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/** Header badge text (spec §4 Subscription badge): null means no badge. */
export function badgeText(
  user: { subscriptionStatus: SubscriptionStatus; trialEndsAt: string | null },
  now: Date,
): string | null {
  if (user.subscriptionStatus === 'active') return 'Premium';
  if (user.subscriptionStatus === 'trial') {
    const end = user.trialEndsAt ? new Date(user.trialEndsAt) : null;
    return `Trial - ${daysLeft(end, now)} days left`;
  }
  return null;
}
