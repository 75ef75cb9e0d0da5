import { z } from 'zod';
import { Email } from './auth';
import { INVITE_CODE } from './referral-values';

export * from './referral-values';

export const InviteCode = z.string().trim().toUpperCase().regex(INVITE_CODE, 'Not an invite code');

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
