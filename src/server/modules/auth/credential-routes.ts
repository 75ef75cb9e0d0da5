import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicUser } from '../../../domain/auth';
import { ChangePasswordInput, PASSWORD_MESSAGES, PasswordChanged, PasswordResetInput, PasswordResetRequest } from '../../../domain/passwords';
import type { Passwords } from './passwords';
import { signIn } from './routes';
import type { AuthService } from './service';

/**
 * A member's password (docs/decisions/0135): PUT /api/user/password, and the mailed link's two
 * calls, POST /api/auth/password-reset and POST /api/auth/password-reset/confirm.
 */
export const passwordRoutes: FastifyPluginAsyncZod<{ auth: AuthService; passwords: Passwords }> = async (app, { auth, passwords }) => {
  app.put('/user/password', { schema: { body: ChangePasswordInput, response: { 200: PasswordChanged } } }, async (request) =>
    passwords.change(request.actor, request.body),
  );

  app.post('/auth/password-reset', { schema: { body: PasswordResetRequest, response: { 202: z.object({ message: z.string() }) } } }, async (request, reply) => {
    await passwords.requestReset(request.actor, request.body);
    return reply.code(202).send({ message: PASSWORD_MESSAGES.resetSent });
  });

  app.post('/auth/password-reset/confirm', { schema: { body: PasswordResetInput, response: { 200: PublicUser } } }, async (request, reply) =>
    signIn(app, auth, request, reply, await passwords.reset(request.actor, request.body)),
  );
};
