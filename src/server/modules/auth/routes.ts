import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginInput, PublicUser, RegisterInput, SessionView } from '../../../domain/auth';
import { cookieName, cookiesSecure } from '../../plugins/cookie-names';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from './device-cookies';
import { AppError } from '../../errors';
import { INVALID_CREDENTIALS, type AuthService, type SignedIn } from './service';

const ErrorBody = z.object({ message: z.string() });

/** The device cookie of this request: `__Secure-device` over https (it lives on /api/auth only, so not `__Host-`). */
export function deviceCookie(app: FastifyInstance, request: FastifyRequest) {
  const secure = cookiesSecure(app.config, request);
  return { name: cookieName(DEVICE_COOKIE, secure, 'narrower'), secure };
}

/** Marks the browser as one the member signed in from (docs/decisions/0075), httpOnly. */
export function setDeviceCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, device: string) {
  const { name, secure } = deviceCookie(app, request);
  reply.setCookie(name, device, { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure, maxAge: DEVICE_COOKIE_MAX_AGE_S });
}

/**
 * Signs the browser in: the new session and its device cookie; the member as answered. Refused
 * as a wrong password when the password the sign-in was checked against changed meanwhile.
 */
export async function signIn(app: FastifyInstance, auth: AuthService, request: FastifyRequest, reply: FastifyReply, { user, device }: SignedIn) {
  if (!(await app.startSession(request, reply, user))) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  setDeviceCookie(app, request, reply, device);
  return auth.toPublicUser(user);
}

/** /api/auth (spec §7). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const deviceOf = (request: FastifyRequest) => request.cookies[deviceCookie(app, request).name];

  app.post(
    '/register',
    { schema: { body: RegisterInput, response: { 201: PublicUser, 409: ErrorBody } } },
    async (request, reply) => reply.code(201).send(await signIn(app, auth, request, reply, await auth.register(request.actor, request.body, deviceOf(request)))),
  );

  app.post('/login', { schema: { body: LoginInput, response: { 200: PublicUser } } }, async (request, reply) =>
    signIn(app, auth, request, reply, await auth.login(request.actor, request.body, deviceOf(request))),
  );

  app.post('/logout', async (request, reply) => {
    await app.endSession(request, reply);
    return reply.code(204).send();
  });

  app.get('/me', { schema: { response: { 200: PublicUser } } }, async (request) => auth.me(request.actor));
};

/** GET /api/user/me: spec §7 reads hasKindnessAccess and isAdmin here; the same member as /api/auth/me (DECISIONS 1 keeps the spec's paths). */
export const userRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get('/me', { schema: { response: { 200: PublicUser } } }, async (request) => auth.me(request.actor));
};

/**
 * GET /api/session: the actor's public view, for a guest too (the web's one session check). A
 * guest without a session gets one, so a browser's preview budget is its own (DECISIONS 29).
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get('/', { schema: { response: { 200: SessionView } } }, async (request, reply) => {
    await app.startGuestSession(request, reply);
    return auth.session(request.actor);
  });
};
