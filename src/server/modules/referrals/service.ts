import { createHash } from 'node:crypto';
import type { Actor } from '../../../domain/actor';
import { DAY_MS, MEMBER_NETWORK_KEPT_MS } from '../../../domain/limits';
import { CREDIT_CENTS } from '../../../domain/payments';
import { canInvite, isMember, POLICY_MESSAGES } from '../../../domain/policy';
import {
  REFERRAL_MESSAGES,
  TIERS,
  referralLink,
  totalEarned,
  type InviteInput,
  type Referral,
  type ReferralSummary,
} from '../../../domain/referrals';
import type { Db, Tx } from '../../db/client';
import { AppError, assertAllowed, badRequest, conflict, unauthenticated } from '../../errors';
import type { RateLimiter, RateRule } from '../../plugins/rate-limit';
import type { AccessService, Holder } from '../access/service';
import { mailedLinkOrigin, type MailService } from '../mail/service';
import type { PostsService } from '../posts/service';
import { createReferralsRepository } from './repository';

/** Invitations a member may mail in a day; the same address again only after INVITE_AGAIN_DAYS. */
export const INVITE_RATE: RateRule = { what: 'invitations', limit: 10, windowMs: DAY_MS };
export const INVITE_AGAIN_DAYS = 30;

const SIGN_IN = POLICY_MESSAGES.signInToInvite;

/** What registration tells this area (auth/service.ts): who registered, from where, with which code. */
export interface Registration {
  friendId: string;
  referralCode?: string;
  actor: Actor;
  /** Whether this browser holds a device cookie of the account with this email (it signed in here). */
  signedInHereBefore(email: string): boolean;
}

export interface ReferralsServiceDeps {
  db: Db;
  access: AccessService;
  posts: Pick<PostsService, 'withPostsUp'>;
  mail: MailService;
  limiter: RateLimiter;
  log: { info(obj: object, msg: string): void };
  /**
   * The site's address (PUBLIC_URL) for the link an invitation mails. Without it no invitation is
   * mailed: the request's Host header is whatever its sender writes, and the site's own mail must
   * not carry a stranger to an address the sender chose.
   */
  publicUrl?: string;
}

const hashEmail = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/**
 * Referrals and invites (spec §2 invite and referral cards, §9; DECISIONS 26; docs/decisions/0080):
 * a friend who registers with a member's code is theirs; tiers count friends who shared a post that
 * is up; the friend's first payment gives both a $3 credit. Never between a member and themselves.
 */
export function createReferralsService(deps: ReferralsServiceDeps) {
  const repo = createReferralsRepository(deps.db);
  const inviteOrigin = mailedLinkOrigin(deps.mail, deps.publicUrl);

  function memberOf(actor: Actor): string {
    if (!isMember(actor) || !actor.member) throw unauthenticated(SIGN_IN);
    return actor.userId!;
  }

  /** Friends of the member who count toward the tiers (a post up). */
  async function qualified(referrerId: string): Promise<{ rows: Awaited<ReturnType<typeof repo.of>>; up: Set<string> }> {
    const rows = await repo.of(referrerId);
    return { rows, up: await deps.posts.withPostsUp(rows.map((r) => r.friendId)) };
  }

  return {
    /** Whether invitations are mailed here (SMTP_URL and PUBLIC_URL); otherwise the card offers the link to copy. */
    mailsInvitations: inviteOrigin !== null,

    /**
     * In the registration's transaction: records the referral unless it is the referrer themselves
     * (their browser, or a network they signed in from in the last months), or a second friend from
     * one network: friends made up by one person on one connection earn nothing (docs/decisions/0134).
     */
    async onRegistered(tx: Tx, reg: Registration): Promise<void> {
      const code = reg.referralCode?.trim().toUpperCase();
      if (!code) return;
      const referrer = await repo.referrerByCode(code, tx);
      if (!referrer) return;
      const { address } = reg.actor;
      if (referrer.id === reg.actor.userId || reg.signedInHereBefore(referrer.email) || (await repo.hasBeenOn(referrer.id, address, tx))) {
        deps.log.info({ referrerId: referrer.id }, 'a referral from the referrer’s own browser or network was not counted');
      } else if (!(await repo.insert(tx, referrer.id, reg.friendId, address))) {
        deps.log.info({ referrerId: referrer.id }, 'a second referral from one network was not counted');
      }
    },

    /** Forgets the network a friend registered from once it is as old as a remembered sign-in network (0134). */
    forgetOldNetworks: (now = new Date()) => repo.forgetNetworksBefore(new Date(now.getTime() - MEMBER_NETWORK_KEPT_MS)),

    /**
     * After a post is shared: when its author was referred, the referrer's tiers reached are
     * rewarded, each once (1 friend: +7 days, 3: +1 month, 5: lifetime).
     */
    async onPostShared(userId: string | null): Promise<void> {
      if (!userId) return;
      const referrerId = await repo.referrerOf(userId);
      if (!referrerId) return;
      const { up } = await qualified(referrerId);
      const holder: Holder = { userId: referrerId };
      const rewarded = await deps.db.transaction(async (tx) => {
        let any = false;
        for (const tier of TIERS) {
          if (up.size < tier.friends || !(await repo.reward(tx, referrerId, tier.friends))) continue;
          any = true;
          const source = `referral-tier-${tier.friends}`;
          if (tier.grant.kind === 'lifetime') await deps.access.grantIn(tx, holder, { kind: 'lifetime', startsAt: new Date(), endsAt: null, source });
          else await deps.access.extendIn(tx, holder, 'day', tier.grant.days * DAY_MS, source);
        }
        return any;
      });
      if (rewarded) await deps.access.announce(holder);
    },

    /** In a payment's transaction: on the friend's first payment, $3 credit to both (spec §9); whom to tell. */
    async onFirstPayment(tx: Tx, friendId: string): Promise<Holder[]> {
      const referral = await repo.pendingBonusOf(tx, friendId);
      if (!referral) return [];
      await repo.markBonus(tx, referral.id);
      const holders: Holder[] = [{ userId: friendId }, { userId: referral.referrerId }];
      for (const holder of holders)
        await deps.access.grantIn(tx, holder, { kind: 'credit', startsAt: new Date(), endsAt: null, source: `referral:${referral.id}`, amountCents: CREDIT_CENTS });
      return holders;
    },

    /** GET /api/referrals (spec §7): the member's referrals, newest first. */
    async list(actor: Actor): Promise<Referral[]> {
      const { rows, up } = await qualified(memberOf(actor));
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        bonusGranted: r.bonusGrantedAt ? 'true' : 'false',
        friendName: r.friendName,
        qualified: up.has(r.friendId),
      }));
    },

    /** GET /api/referrals/summary: the referral card. */
    async summary(actor: Actor, origin: string): Promise<ReferralSummary> {
      const userId = memberOf(actor);
      const { rows, up } = await qualified(userId);
      const code = actor.member!.inviteCode;
      return {
        inviteCode: code,
        referralLink: referralLink(origin, code),
        friends: rows.length,
        qualifiedFriends: up.size,
        tiers: TIERS.map((t) => ({ friends: t.friends, reward: t.reward, reached: up.size >= t.friends })),
        totalEarned: totalEarned(rows.filter((r) => r.bonusGrantedAt).length),
        creditCents: await deps.access.creditCents({ userId }),
      };
    },

    /** POST /api/referrals/invite: mails the member's own link on the site's address (never one from the payload or the request). */
    async invite(actor: Actor, input: InviteInput): Promise<void> {
      const userId = memberOf(actor);
      assertAllowed(canInvite(actor));
      if (!inviteOrigin) throw new AppError('UNAVAILABLE', REFERRAL_MESSAGES.mailOff);
      if (input.email.toLowerCase() === actor.member!.email.toLowerCase()) throw badRequest(REFERRAL_MESSAGES.inviteYourself);
      const emailHash = hashEmail(input.email);
      const name = actor.member!.username;
      // The member's invitations of this address are held while one is judged, queued and recorded
      // (together), so the same invitation sent twice at once is mailed once.
      await deps.db.transaction(async (tx) => {
        await repo.lockInvites(tx, userId, emailHash);
        if (await repo.invitedSince(userId, emailHash, new Date(Date.now() - INVITE_AGAIN_DAYS * DAY_MS), tx)) throw conflict(REFERRAL_MESSAGES.invitedRecently);
        await deps.limiter.hit(`invites:${userId}`, INVITE_RATE);
        const mail = {
          to: input.email,
          subject: `${name} invited you to Free Fruit, Firewood & Skids`,
          text: `${name} shares free fruit, firewood and skids with neighbours on Free Fruit, Firewood & Skids, and invited you to join.\n\nJoin here: ${referralLink(inviteOrigin, actor.member!.inviteCode)}\n\nYou get a 7-day free trial. If you did not expect this, ignore it: we will not write again.`,
        };
        await deps.mail.enqueue(mail, tx);
        await repo.recordInvite(userId, emailHash, tx);
      });
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
