import type { Actor } from '../../../domain/actor';
import { isUuid } from '../../../domain/ids';
import { RATING_MESSAGES, type PublicProfile, type RatingInput, type UserRating } from '../../../domain/members';
import { actsAsSelf, canBlock, canMessage, canRate, POLICY_MESSAGES, type Relation } from '../../../domain/policy';
import { initialsOf } from '../../../domain/posts';
import type { VerifiedType } from '../../../domain/auth';
import type { Suspension } from '../../../domain/suspension';
import type { Db, Tx } from '../../db/client';
import { assertAllowed, notFound, unauthenticated } from '../../errors';
import type { EventBus } from '../../events/bus';
import { ACCOUNT_SUSPENDED, MEMBER_CHANGED, SESSION_CHANGED } from '../../events/topics';
import type { GuestAdopter } from '../auth/service';
import type { RateLimiter, RateRule } from '../../plugins/rate-limit';
import type { NotificationsService } from '../notifications/service';
import type { PostsService } from '../posts/service';
import { createMembersRepository, type MemberRow, type RatingRow } from './repository';
import { createStandingRepository, type Badge, type Change, type SuspensionState } from './standing';
import { committed } from '../../db/committed';
import { isForeignKeyViolation } from '../../lib/pg-errors';

export type { Badge, MemberStanding } from './standing';

/** A change an admin made in their transaction, and what to announce once it is committed. */
export type Committed<T> = { change: Change<T>; announce: () => Promise<void> };

/** Ratings a member may give in a day (issue: 20). */
export const RATING_RATE: RateRule = { what: 'ratings', limit: 20, windowMs: 24 * 60 * 60_000 };
/** Reviews shown on a profile (the newest). */
export const RATINGS_SHOWN = 50;

const toRating = (row: RatingRow): UserRating => ({ ...row, createdAt: row.createdAt.toISOString() });

export interface MembersServiceDeps {
  db: Db;
  events: EventBus;
  limiter: RateLimiter;
  posts: PostsService;
  notifications: NotificationsService;
  /** Whether the two members have each sent the other a message (DECISIONS 20; the messages area knows). */
  exchangedMessages(a: string, b: string): Promise<boolean>;
}

/**
 * Members as others see them (spec §2 dialog 4): public profiles, ratings (DECISIONS 20) and blocks
 * (DECISIONS 21). A rating changes every card of the rated member's posts (MEMBER_CHANGED).
 */
export function createMembersService(deps: MembersServiceDeps) {
  const repo = createMembersRepository(deps.db);
  const standing = createStandingRepository(deps.db);

  deps.posts.addCardPart({
    async load(rows) {
      const owners = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
      const members = new Map((await repo.byIds(owners)).map((m) => [m.id, m]));
      return new Map(
        rows.flatMap((r) => {
          const m = r.userId ? members.get(r.userId) : undefined;
          if (!m) return [];
          const badge = m.isVerified ? { ownerVerifiedType: m.verifiedType, ownerVerifiedAt: m.verifiedAt?.toISOString() ?? null } : { ownerVerifiedType: null, ownerVerifiedAt: null };
          return [[r.id, { ownerRating: m.averageRating, ownerRatingCount: m.ratingCount, ...badge }]];
        }),
      );
    },
  });

  async function member(id: string): Promise<MemberRow> {
    const [found] = isUuid(id) ? await repo.byIds([id]) : [];
    if (!found) throw notFound(RATING_MESSAGES.notFound);
    return found;
  }

  /** What stands between two members: a block either way, and whether they exchanged messages. */
  async function relation(a: string, b: string): Promise<Relation & { blockedByA: boolean }> {
    const [blocks, exchangedMessage] = await Promise.all([repo.blocksBetween(a, b), deps.exchangedMessages(a, b)]);
    return { blocked: blocks.byA || blocks.byB, blockedByA: blocks.byA, exchangedMessage };
  }

  return {
    /** How many members there are. */
    count: () => repo.count(),

    /** Whether a member with this id exists. */
    async exists(id: string): Promise<boolean> {
      return isUuid(id) && (await repo.exists(id));
    },

    /** Whether either member blocked the other (DECISIONS 21). */
    async blocked(a: string, b: string): Promise<boolean> {
      const blocks = await repo.blocksBetween(a, b);
      return blocks.byA || blocks.byB;
    },

    /** GET /api/users/:id: public fields, and what the asking member may do. */
    async profile(actor: Actor, id: string): Promise<PublicProfile> {
      const m = await member(id);
      const self = actor.userId === m.id;
      const between = actor.userId && !self ? await relation(actor.userId, m.id) : null;
      const decision = canRate(actor, m.id, between ?? { blocked: false, exchangedMessage: false });
      const contact = canMessage(actor, m.id, { blocked: between?.blocked ?? false });
      const mine = actor.userId && !self ? await repo.ratingBy(actor.userId, m.id) : undefined;
      const [held] = actor.isAdmin && !self ? await standing.standings([m.id]) : [];
      return {
        id: m.id,
        username: m.username,
        initials: initialsOf(m.username) || '?',
        isVerified: m.isVerified ? 'true' : 'false',
        verifiedType: m.isVerified ? m.verifiedType : null,
        verifiedAt: m.isVerified ? (m.verifiedAt?.toISOString() ?? null) : null,
        memberSince: m.createdAt.toISOString(),
        averageRating: m.averageRating,
        ratingCount: m.ratingCount,
        viewer: {
          isSelf: self,
          blocked: between?.blockedByA ?? false,
          canRate: decision.ok,
          rateReason: decision.ok ? null : decision.message,
          canMessage: contact.ok,
          messageReason: contact.ok ? null : contact.message,
          answerPaused: contact.ok && m.suspended,
          myRating: mine ?? null,
        },
        moderation: held ? { isAdmin: held.isAdmin, suspension: held.suspension && { until: held.suspension.until?.toISOString() ?? null, reason: held.suspension.reason } } : null,
      };
    },

    /** GET /api/users/:id/ratings: the newest reviews. */
    async ratings(id: string): Promise<UserRating[]> {
      const m = await member(id);
      return (await repo.ratings(m.id, RATINGS_SHOWN)).map(toRating);
    },

    /** GET /api/users/:id/average-rating: a number (spec §7), 0 without ratings. */
    async averageRating(id: string): Promise<number> {
      return (await member(id)).averageRating ?? 0;
    },

    /** POST /api/user-ratings: rates (or rates again) a member, when the policy allows it. */
    async rate(actor: Actor, input: RatingInput): Promise<{ rating: UserRating; created: boolean }> {
      assertAllowed(actsAsSelf(actor, input.raterUserId));
      if (!actor.userId) throw unauthenticated(POLICY_MESSAGES.signInToRate);
      const rated = await member(input.ratedUserId);
      assertAllowed(canRate(actor, rated.id, await relation(actor.userId, rated.id)));
      await deps.limiter.hit(`ratings:${actor.userId}`, RATING_RATE);
      const raterUserId = actor.userId;
      // The rating and its notification are stored together or not at all; a member whose account closed meanwhile is a 404.
      const { id, created } = await committed(deps.db, async (tx, announce) => {
        const saved = await repo.upsertRating(raterUserId, rated.id, input.rating, input.comment, tx);
        announce(() => deps.events.publish(MEMBER_CHANGED, { userId: rated.id }));
        const data = { raterUserId, raterUsername: actor.member?.username ?? 'A member', rating: input.rating };
        announce(await deps.notifications.notifyIn(tx, rated.id, 'new_rating', data));
        return saved;
      }).catch((err: unknown) => {
        throw isForeignKeyViolation(err) ? notFound(RATING_MESSAGES.notFound) : err;
      });
      const rating = (await repo.ratings(rated.id, RATINGS_SHOWN)).find((r) => r.id === id)!;
      return { rating: toRating(rating), created };
    },

    /** POST /api/users/:id/block (DECISIONS 21); a member whose account closed meanwhile is a 404. */
    async block(actor: Actor, id: string): Promise<void> {
      assertAllowed(canBlock(actor, id));
      await repo.block(actor.userId!, (await member(id)).id).catch((err: unknown) => {
        throw isForeignKeyViolation(err) ? notFound(RATING_MESSAGES.notFound) : err;
      });
    },

    async unblock(actor: Actor, id: string): Promise<void> {
      assertAllowed(canBlock(actor, id));
      await repo.unblock(actor.userId!, (await member(id)).id);
    },

    /** Members as moderation sees them (issue 19): age, admin, suspension while it holds, badge. */
    standings: (ids: readonly string[], now?: Date) => standing.standings(ids.filter(isUuid), now),

    /**
     * In an admin's transaction: gives or takes back a badge (DECISIONS 16). Announced after the
     * commit: every card of the member and their own session show it at once.
     */
    async setBadge(tx: Tx, userId: string, type: VerifiedType | null): Promise<Committed<Badge>> {
      const change = await standing.setBadge(tx, userId, type);
      if (!change) throw notFound(RATING_MESSAGES.notFound);
      return {
        change,
        announce: async () => {
          await deps.events.publish(MEMBER_CHANGED, { userId });
          await deps.events.publish(SESSION_CHANGED, { userId });
        },
      };
    },

    /**
     * In an admin's transaction: suspends a member, or lifts it (null), their posts with them (issue
     * 19). Announced after the commit: their sessions are read again, a suspension closes their sockets.
     */
    async setSuspension(tx: Tx, userId: string, next: Suspension | null): Promise<Committed<SuspensionState>> {
      const change = await standing.setSuspension(tx, userId, next);
      if (!change) throw notFound(RATING_MESSAGES.notFound);
      const listing = await deps.posts.setOwnerSuspended(tx, userId, next !== null);
      return {
        change,
        announce: async () => {
          await listing();
          await deps.events.publish(SESSION_CHANGED, { userId });
          if (next) await deps.events.publish(ACCOUNT_SUSPENDED, { userId });
        },
      };
    },

    /** In an admin's transaction: whether the member is an admin and their recorded suspension, held until it is committed (undefined: no such member). */
    heldStanding: (tx: Tx, userId: string) => standing.heldStanding(tx, userId),

    /** Members whose suspension ended by itself and is still recorded (the sweep lifts them). */
    endedSuspensions: (now: Date) => standing.endedSuspensions(now),

    /** A suspended member who signs in on a guest session: the posts that move to them leave lists too. */
    adoptGuest: (async (tx, _sessionId, userId) => {
      const [member] = await standing.standings([userId]);
      if (member?.suspension) return deps.posts.setOwnerSuspended(tx, userId, true);
    }) satisfies GuestAdopter,
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
