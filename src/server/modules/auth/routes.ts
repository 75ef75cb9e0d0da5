import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginInput, PublicUser, RegisterInput, SessionView } from '../../../domain/auth';
import type { AuthService } from './service';

const ErrorBody = z.object({ message: z.string() });

/** /api/auth (spec §7). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/register',
    { schema: { body: RegisterInput, response: { 201: PublicUser, 409: ErrorBody } } },
    async (request, reply) => {
      const user = await auth.register(request.actor, request.body);
      await app.startSession(request, reply, user.id);
      return reply.code(201).send(await auth.toPublicUser(user));
    },
  );

  app.post('/login', { schema: { body: LoginInput, response: { 200: PublicUser } } }, async (request, reply) => {
    const user = await auth.login(request.actor, request.body);
    await app.startSession(request, reply, user.id);
    return auth.toPublicUser(user);
  });

  app.post('/logout', async (request, reply) => {
    await app.endSession(request, reply);
    return reply.code(204).send();
  });

  app.get('/me', { schema: { response: { 200: PublicUser } } }, async (request) => auth.me(request.actor));
};

/** GET /api/session: the actor's public view, for a guest too (the web's one session check). */
export const sessionRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get('/', { schema: { response: { 200: SessionView } } }, async (request) => auth.session(request.actor));
};
