import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CALLER_CHANGED, createCallerResolver, type Caller } from '../modules/auth/caller';
import { createSessionStore, SESSION_ABSOLUTE_MS, type SessionStore } from '../modules/auth/session-store';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** Starts a fresh session for `userId` (new token every sign-in), replacing the caller's. */
    startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /**
     * Who sent the request, from its session cookie (DECISIONS 1), resolved once before any
     * handler; null for a guest without a session. Sign-in and sign-out set it to null.
     */
    caller: Caller | null;
  }
}

/** Reads the session cookie on every request; identity comes from here only (DECISIONS 1). */
export default fp(
  async function sessionPlugin(app: FastifyInstance) {
    await app.register(cookie);
    const store = createSessionStore(app.db, app.config.SESSION_SECRET);
    const callers = createCallerResolver({
      pool: app.pool,
      secret: app.config.SESSION_SECRET,
      adminEmails: app.config.ADMIN_EMAILS,
      events: app.events,
    });
    app.decorate('sessions', store);
    app.decorateRequest('caller', null);

    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: app.config.secureCookies,
    };

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) request.caller = await callers.resolve(token);
    });

    app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
      const previous = request.caller;
      const { token } = await store.create(userId);
      if (previous) {
        const { movedGrants } = await store.adoptAndDelete(previous.sessionId, userId);
        await app.events.publish(CALLER_CHANGED, { sessionId: previous.sessionId, ...(movedGrants ? { userId } : {}) });
      }
      request.caller = null;
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
    });

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = request.caller;
      if (caller) {
        await store.delete(caller.sessionId);
        await app.events.publish(CALLER_CHANGED, { sessionId: caller.sessionId });
      }
      request.caller = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    });

    const sweep = setInterval(() => {
      store.sweepExpired().catch((err) => app.log.warn({ err }, 'session sweep failed'));
    }, 60 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'session', dependencies: ['events'] },
);
