import type pg from 'pg';
import type { Grant, GrantKind } from '../../../domain/access';
import type { VerifiedType } from '../../../domain/auth';
import { topic, type EventBus } from '../../events/bus';
import { TtlCache } from '../../lib/ttl-cache';
import { SESSION_IDLE_MS, TOUCH_EVERY_MS, sessionIdOf } from './session-store';

/** The member behind a session, as every request needs it. */
export interface CallerUser {
  id: string;
  username: string;
  email: string;
  /** From the users table or ADMIN_EMAILS. */
  isAdmin: boolean;
  isVerified: boolean;
  verifiedType: VerifiedType | null;
  createdAt: Date;
}

/** Who sent a request: the session, its member (null for a guest session) and their grants. */
export interface Caller {
  sessionId: string;
  userId: string | null;
  user: CallerUser | null;
  /** Grants of the member or the guest session that have not ended, plus any trial (its end shows). */
  grants: readonly Grant[];
  /** Mutable: the idle-timeout touch moves it forward. */
  lastSeenAt: Date;
  expiresAt: Date;
}

/**
 * Published after a change to what a cached caller holds: a session ended or replaced (its id),
 * a grant or the admin flag of a member changed (their id). Every instance drops those entries.
 */
export type CallerChange = { sessionId?: string; userId?: string };
export const CALLER_CHANGED = topic<CallerChange>('caller_changed');

/** Session, member and grants in one round trip (a prepared statement on each connection). */
const CALLER_QUERY = `
SELECT s.id, s.user_id, s.last_seen_at, s.expires_at,
       u.username, u.email, u.is_admin, u.is_verified, u.verified_type, u.created_at,
       COALESCE((
         SELECT json_agg(json_build_object('kind', g.kind, 'startsAt', g.starts_at, 'endsAt', g.ends_at))
         FROM grants g
         WHERE (g.session_id = s.id OR g.user_id = s.user_id)
           AND (g.ends_at IS NULL OR g.ends_at > $2 OR g.kind = 'trial')
       ), '[]'::json) AS grants
FROM sessions s LEFT JOIN users u ON u.id = s.user_id
WHERE s.id = $1 AND s.expires_at > $2 AND s.last_seen_at > $3`;

interface CallerRow {
  id: string;
  user_id: string | null;
  last_seen_at: Date;
  expires_at: Date;
  username: string | null;
  email: string | null;
  is_admin: boolean | null;
  is_verified: boolean | null;
  verified_type: VerifiedType | null;
  created_at: Date | null;
  grants: Array<{ kind: GrantKind; startsAt: string; endsAt: string | null }>;
}

/** A member is an admin by the users table or by ADMIN_EMAILS (DECISIONS 3). */
export const isAdminUser = (user: { isAdmin: boolean; email: string }, adminEmails: ReadonlySet<string>) =>
  user.isAdmin || adminEmails.has(user.email.toLowerCase());

function toCaller(row: CallerRow, adminEmails: ReadonlySet<string>): Caller {
  const user: CallerUser | null =
    row.user_id && row.username !== null && row.email !== null
      ? {
          id: row.user_id,
          username: row.username,
          email: row.email,
          isAdmin: isAdminUser({ isAdmin: row.is_admin === true, email: row.email }, adminEmails),
          isVerified: row.is_verified === true,
          verifiedType: row.verified_type,
          createdAt: row.created_at!,
        }
      : null;
  return {
    sessionId: row.id,
    userId: user?.id ?? null,
    user,
    grants: row.grants.map((g) => ({ kind: g.kind, startsAt: new Date(g.startsAt), endsAt: g.endsAt === null ? null : new Date(g.endsAt) })),
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

export interface CallerResolverOptions {
  pool: Pick<pg.Pool, 'query'>;
  secret: string;
  adminEmails: readonly string[];
  events: EventBus;
  /** How long a resolved caller is reused on this instance (changes arrive through the bus sooner). */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * Resolves a session cookie to its Caller in one query, and keeps the result per session id for
 * `ttlMs` (docs/decisions/0050). CALLER_CHANGED from any instance drops entries at once; after a
 * lost bus connection everything is dropped.
 */
export function createCallerResolver(opts: CallerResolverOptions) {
  const adminEmails = new Set(opts.adminEmails.map((e) => e.toLowerCase()));
  const ttlMs = opts.ttlMs ?? 10_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const cache = new TtlCache<Caller | null>({ ttlMs, maxEntries, keep: (c) => c !== null });
  // The HMAC of the token costs ~5 µs: remembered as long as a caller would be.
  const ids = new TtlCache<string>({ ttlMs, maxEntries });
  const idOf = (token: string) => {
    let id = ids.get(token);
    if (id === undefined) ids.set(token, (id = sessionIdOf(opts.secret, token)));
    return id;
  };

  function forget(change: CallerChange): void {
    if (change.sessionId) cache.delete(change.sessionId);
    if (change.userId) cache.deleteWhere((c) => c?.userId === change.userId);
  }
  opts.events.subscribe(CALLER_CHANGED, forget);
  opts.events.onResync(() => cache.clear());

  async function load(id: string, now: Date): Promise<Caller | null> {
    const values = [id, now, new Date(now.getTime() - SESSION_IDLE_MS)];
    const { rows } = await opts.pool.query<CallerRow>({ name: 'caller', text: CALLER_QUERY, values });
    return rows[0] ? toCaller(rows[0], adminEmails) : null;
  }

  const usable = (c: Caller, now: Date) => c.expiresAt > now && now.getTime() - c.lastSeenAt.getTime() < SESSION_IDLE_MS;

  /** last_seen_at at most hourly: the idle timeout counts from it. */
  async function touchIfDue(c: Caller, now: Date): Promise<void> {
    if (now.getTime() - c.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return;
    c.lastSeenAt = now;
    await opts.pool.query({ name: 'caller_touch', text: 'UPDATE sessions SET last_seen_at = $2 WHERE id = $1', values: [c.sessionId, now] });
  }

  return {
    /** The caller behind a cookie token; null when the session is unknown, ended or expired. */
    async resolve(token: string, now = new Date()): Promise<Caller | null> {
      const id = idOf(token);
      const cached = cache.get(id);
      // Another instance may have touched the session since: ask the database again.
      if (cached && !usable(cached, now)) cache.delete(id);
      const caller = cached && usable(cached, now) ? cached : await cache.getOrLoad(id, () => load(id, now));
      if (caller) await touchIfDue(caller, now);
      return caller;
    },
  };
}

export type CallerResolver = ReturnType<typeof createCallerResolver>;
