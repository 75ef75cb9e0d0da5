import type pg from 'pg';
import type { Grant, GrantKind } from '../../../domain/access';
import type { Actor, MemberProfile } from '../../../domain/actor';
import type { VerifiedType } from '../../../domain/auth';
import { recordedSuspension, type Suspension } from '../../../domain/suspension';
import type { EventBus } from '../../events/bus';
import { SESSION_CHANGED, type SessionChange } from '../../events/topics';
import { TtlCache } from '../../lib/ttl-cache';
import { rememberNetwork } from './member-networks';
import { SESSION_IDLE_MS, TOUCH_EVERY_MS, sessionIdOf } from './session-store';

/** A live session as every request needs it: the actor without its network address, and its lifetimes. */
export interface ActiveSession {
  actor: Omit<Actor, 'address'>;
  /** Mutable: the idle-timeout touch moves it forward. */
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Session, member and grants in one round trip (a prepared statement on each connection). */
const SESSION_QUERY = `
SELECT s.id, s.user_id, s.last_seen_at, s.expires_at,
       u.username, u.email, u.is_admin, u.is_verified, u.verified_type, u.verified_at, u.created_at, u.invite_code,
       u.suspended_at, u.suspended_until, u.suspension_reason,
       COALESCE((
         SELECT json_agg(json_build_object('kind', g.kind, 'startsAt', g.starts_at, 'endsAt', g.ends_at))
         FROM grants g
         WHERE (g.session_id = s.id OR g.user_id = s.user_id)
           AND (g.ends_at IS NULL OR g.ends_at > $2 OR g.kind = 'trial')
       ), '[]'::json) AS grants
FROM sessions s LEFT JOIN users u ON u.id = s.user_id
WHERE s.id = $1 AND s.expires_at > $2 AND s.last_seen_at > $3`;

interface SessionRow {
  id: string;
  user_id: string | null;
  last_seen_at: Date;
  expires_at: Date;
  username: string | null;
  email: string | null;
  is_admin: boolean | null;
  is_verified: boolean | null;
  verified_type: VerifiedType | null;
  verified_at: Date | null;
  created_at: Date | null;
  invite_code: string | null;
  suspended_at: Date | null;
  suspended_until: Date | null;
  suspension_reason: string | null;
  grants: Array<{ kind: GrantKind; startsAt: string; endsAt: string | null }>;
}

/** A member's suspension as stored (issue 19); the policy judges whether it still holds. */
export const suspensionOf = (row: { suspended_at: Date | null; suspended_until: Date | null; suspension_reason: string | null }): Suspension | null =>
  recordedSuspension(row.suspended_at, row.suspended_until, row.suspension_reason);

function toSession(row: SessionRow): ActiveSession {
  const member: MemberProfile | null =
    row.user_id && row.username !== null && row.email !== null
      ? {
          username: row.username,
          email: row.email,
          isVerified: row.is_verified === true,
          verifiedType: row.verified_type,
          verifiedAt: row.verified_at,
          createdAt: row.created_at!,
          inviteCode: row.invite_code!,
        }
      : null;
  const grants: Grant[] = row.grants.map((g) => ({
    kind: g.kind,
    startsAt: new Date(g.startsAt),
    endsAt: g.endsAt === null ? null : new Date(g.endsAt),
  }));
  return {
    actor: {
      userId: member ? row.user_id : null,
      sessionId: row.id,
      isAdmin: member !== null && row.is_admin === true,
      grants,
      member,
      suspension: suspensionOf(row),
    },
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

export interface SessionResolverOptions {
  pool: Pick<pg.Pool, 'query'>;
  secret: string;
  events: EventBus;
  /** How long a resolved session is reused on this instance (changes arrive through the bus sooner). */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * Resolves a session cookie to its session in one query, and keeps the result per session id for
 * `ttlMs` (docs/decisions/0050): every signed-in request needs it, and the query would otherwise be
 * the one round trip of a cached page. SESSION_CHANGED from any instance drops entries at once;
 * after a lost bus connection everything is dropped.
 */
export function createSessionResolver(opts: SessionResolverOptions) {
  const cache = new TtlCache<ActiveSession | null>({
    ttlMs: opts.ttlMs ?? 10_000,
    maxEntries: opts.maxEntries ?? 10_000,
    keep: (s) => s !== null,
  });

  function forget(change: SessionChange): void {
    if (change.sessionId) cache.delete(change.sessionId);
    if (change.userId) cache.deleteWhere((s) => s?.actor.userId === change.userId);
  }
  opts.events.subscribe(SESSION_CHANGED, forget);
  opts.events.onResync(() => cache.clear());

  async function load(id: string, now: Date): Promise<ActiveSession | null> {
    const values = [id, now, new Date(now.getTime() - SESSION_IDLE_MS)];
    const { rows } = await opts.pool.query<SessionRow>({ name: 'session', text: SESSION_QUERY, values });
    return rows[0] ? toSession(rows[0]) : null;
  }

  const usable = (s: ActiveSession, now: Date) => s.expiresAt > now && now.getTime() - s.lastSeenAt.getTime() < SESSION_IDLE_MS;

  /**
   * last_seen_at at most hourly: the idle timeout counts from it. A member's network is remembered
   * then too, not only at sign-in: a session kept for weeks is used from home and elsewhere (0134).
   */
  async function touchIfDue(s: ActiveSession, now: Date, address: string): Promise<void> {
    if (now.getTime() - s.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return;
    s.lastSeenAt = now;
    await opts.pool.query({ name: 'session_touch', text: 'UPDATE sessions SET last_seen_at = $2 WHERE id = $1', values: [s.actor.sessionId, now] });
    if (s.actor.userId) await rememberNetwork(opts.pool, s.actor.userId, address, now);
  }

  return {
    /** The session behind a cookie token, used from `address`; null when it is unknown, ended or expired. */
    async resolve(token: string, address: string, now = new Date()): Promise<ActiveSession | null> {
      const id = sessionIdOf(opts.secret, token);
      const cached = cache.get(id);
      // Another instance may have touched the session since: ask the database again.
      if (cached && !usable(cached, now)) cache.delete(id);
      const session = cached && usable(cached, now) ? cached : await cache.getOrLoad(id, () => load(id, now));
      if (session) await touchIfDue(session, now, address);
      return session;
    },
  };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;
