import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSessionStore, SESSION_ABSOLUTE_MS, type SessionStore } from '../modules/auth/session-store';

export const SESSION_COOKIE = 'sid';

export interface SessionInfo {
  id: string;
  userId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** Starts a fresh session for `userId` (new token every sign-in), replacing the caller's. */
    startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** Reads the session cookie on every request; identity comes from here only (DECISIONS 1). */
export default fp(
  async function sessionPlugin(app: FastifyInstance) {
    await app.register(cookie);
    const store = createSessionStore(app.db, app.config.SESSION_SECRET);
    app.decorate('sessions', store);
    app.decorateRequest('session', null);

    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: app.config.secureCookies,
    };

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const found = await store.find(token);
      if (found) request.session = { id: found.id, userId: found.userId };
    });

    app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
      const previous = request.session;
      const { token, id } = await store.create(userId);
      if (previous) await store.adoptAndDelete(previous.id, userId);
      request.session = { id, userId };
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
    });

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.session) await store.delete(request.session.id);
      request.session = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    });

    const sweep = setInterval(() => {
      store.sweepExpired().catch((err) => app.log.warn({ err }, 'session sweep failed'));
    }, 60 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'session' },
);
