import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guestActor, type Actor } from '../../domain/actor';
import { SESSION_CHANGED } from '../events/topics';
import { AppError } from '../errors';
import { createSessionResolver } from '../modules/auth/sessions';
import { createSessionStore, SESSION_ABSOLUTE_MS, type GuestAdopter, type SessionStore } from '../modules/auth/session-store';
import { cookieName, cookiesSecure } from './cookie-names';
import { addressKey } from './rate-limit';

/** The session cookie's name over http; over https it is `__Host-sid` (cookie-names.ts). */
export const SESSION_COOKIE = 'sid';
/** New guest sessions an hour per address: a household or an office, not a script's every request. */
export const GUEST_SESSIONS_PER_ADDRESS = { what: 'new visitors from this network without an account', limit: 30, windowMs: 60 * 60_000 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /**
     * Starts a fresh session for the member (new token every sign-in), replacing the actor's;
     * false, and nothing changed, when `passwordHash` (what the sign-in was checked against) is no
     * longer theirs: the password changed meanwhile.
     */
    startSession(request: FastifyRequest, reply: FastifyReply, member: { id: string; passwordHash: string }): Promise<boolean>;
    /**
     * Gives a guest without a session one (DECISIONS 5, 29): their preview budget, grants and
     * posts are kept on it. At most GUEST_SESSIONS_PER_ADDRESS new ones an hour per address:
     * beyond, a guest goes on without one (counted by address alone), unless the call `needs` one
     * to keep what it gives (a payment, a grant): that call answers the limit's 429 with its wait,
     * not a refusal that blames the browser's cookies (docs/decisions/0131).
     */
    startGuestSession(request: FastifyRequest, reply: FastifyReply, options?: { needs: boolean }): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** A module's part in moving a guest's things to the account they sign in to (DECISIONS 5). */
    adoptGuestWith(adopter: GuestAdopter): void;
  }
  interface FastifyRequest {
    /**
     * Who sent the request (docs/decisions/0070): from its session cookie only (DECISIONS 1) and
     * its network address, resolved once before any handler. A guest without a session is an
     * actor too. Sign-in and sign-out make it a plain guest for the rest of the request.
     */
    actor: Actor;
  }
}

/** Reads the session cookie on every request; identity comes from here only (DECISIONS 1). */
export default fp(
  async function sessionPlugin(app: FastifyInstance) {
    await app.register(cookie);
    const store = createSessionStore(app.db, app.pool, app.config.SESSION_SECRET);
    const sessions = createSessionResolver({
      pool: app.pool,
      secret: app.config.SESSION_SECRET,
      events: app.events,
    });
    app.decorate('sessions', store);
    const adopters: GuestAdopter[] = [];
    app.decorate('adoptGuestWith', (adopter: GuestAdopter) => void adopters.push(adopter));
    app.decorateRequest('actor', null as unknown as Actor);

    /** The session cookie of this request: its name and options, both following whether it is `Secure`. */
    const sessionCookie = (request: FastifyRequest) => {
      const secure = cookiesSecure(app.config, request);
      return { name: cookieName(SESSION_COOKIE, secure), options: { path: '/', httpOnly: true, sameSite: 'lax' as const, secure } };
    };
    const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string) => {
      const { name, options } = sessionCookie(request);
      reply.setCookie(name, token, { ...options, maxAge: SESSION_ABSOLUTE_MS / 1000 });
    };

    app.addHook('onRequest', async (request) => {
      const address = addressKey(request.ip);
      const token = request.cookies[sessionCookie(request).name];
      const session = token ? await sessions.resolve(token, address) : null;
      request.actor = session ? { ...session.actor, address } : guestActor(address);
    });

    app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, member: { id: string; passwordHash: string }) => {
      const previous = request.actor.sessionId;
      const created = await store.createMember(member, request.actor.address);
      if (!created) return false;
      const userId = member.id;
      if (previous) {
        const { movedGrants } = await store.adoptAndDelete(previous, userId, adopters);
        await app.events.publish(SESSION_CHANGED, { sessionId: previous, ...(movedGrants ? { userId } : {}) });
      }
      request.actor = guestActor(request.actor.address);
      setSessionCookie(request, reply, created.token);
      return true;
    });

    app.decorate('startGuestSession', async (request: FastifyRequest, reply: FastifyReply, options?: { needs: boolean }) => {
      if (request.actor.sessionId) return;
      try {
        await app.rateLimiter.hit(`guest-session:${request.actor.address}`, GUEST_SESSIONS_PER_ADDRESS);
      } catch (err) {
        if (err instanceof AppError && err.code === 'RATE_LIMITED' && !options?.needs) return; // counted by address alone
        throw err;
      }
      const { token, id } = await store.createGuest(request.actor.address);
      request.actor = { ...request.actor, sessionId: id };
      setSessionCookie(request, reply, token);
    });

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const sessionId = request.actor.sessionId;
      if (sessionId) {
        await store.delete(sessionId);
        await app.events.publish(SESSION_CHANGED, { sessionId });
      }
      request.actor = guestActor(request.actor.address);
      const { name, options } = sessionCookie(request);
      reply.clearCookie(name, options);
    });

    app.jobs.add({ name: 'sessions-expired', everyMs: 60 * 60_000, run: () => store.sweepExpired() });
  },
  { name: 'session', dependencies: ['events', 'rate-limit', 'jobs'] },
);
