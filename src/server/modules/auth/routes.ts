import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginInput, PublicUser, RegisterInput } from '../../../domain/auth';
import type { AuthService } from './service';

const ErrorBody = z.object({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/register',
    { schema: { body: RegisterInput, response: { 201: PublicUser, 409: ErrorBody } } },
    async (request, reply) => {
      const user = await auth.register(request.body, request.ip);
      await app.startSession(request, reply, user.id);
      return reply.code(201).send(await auth.toPublicUser(user));
    },
  );

  app.post('/login', { schema: { body: LoginInput, response: { 200: PublicUser } } }, async (request, reply) => {
    const user = await auth.login(request.body, request.ip);
    await app.startSession(request, reply, user.id);
    return auth.toPublicUser(user);
  });

  app.post('/logout', async (request, reply) => {
    await app.endSession(request, reply);
    return reply.code(204).send();
  });

  app.get('/me', { schema: { response: { 200: PublicUser } } }, async (request) => {
    return auth.me(request.caller);
  });
};
