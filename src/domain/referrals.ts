import { z } from 'zod';
import { Email } from './auth';
import { CREDIT_CENTS } from './payments';

/** An invite code (spec §5): 'FF' and 6 uppercase letters or digits; made by the server (DECISIONS 26). */
export const INVITE_CODE = /^FF[A-Z0-9]{6}$/;
export const InviteCode = z.string().trim().toUpperCase().regex(INVITE_CODE, 'Not an invite code');

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
} as const;

/** A referral as spec §3 has it (bonusGranted as text), with what the member may know of the friend. */
export const Referral = z.object({
  id: z.string(),
  createdAt: z.string(),
  bonusGranted: z.enum(['true', 'false']),
  friendName: z.string(),
  /** The friend shared a first post that is still up: they count toward the tiers. */
  qualified: z.boolean(),
});
export type Referral = z.infer<typeof Referral>;

/** GET /api/referrals/summary: the referral card. */
export const ReferralSummary = z.object({
  inviteCode: z.string(),
  referralLink: z.string(),
  friends: z.number().int(),
  qualifiedFriends: z.number().int(),
  tiers: z.array(z.object({ friends: z.number().int(), reward: z.string(), reached: z.boolean() })),
  /** Dollars earned: 3 × referrals with the bonus granted (spec §9). */
  totalEarned: z.number(),
  /** Unspent credit, in cents. */
  creditCents: z.number().int(),
});
export type ReferralSummary = z.infer<typeof ReferralSummary>;

/** POST /api/referrals/invite (spec §7: email, referralLink). The link sent is always the member's own. */
export const InviteInput = z.object({
  email: Email,
  referralLink: z.string().max(500).optional(),
});
export type InviteInput = z.infer<typeof InviteInput>;

/** Total earned (spec §9): $3 × the referrals with the bonus granted. */
export const totalEarned = (bonusesGranted: number) => (bonusesGranted * CREDIT_CENTS) / 100;

/** The tier reached with `qualified` friends, and the next one (null past the last). */
export function tierProgress(qualified: number) {
  const reached = TIERS.filter((t) => qualified >= t.friends);
  const next = TIERS.find((t) => qualified < t.friends) ?? null;
  return { reached, next, toNext: next ? next.friends - qualified : 0 };
}
