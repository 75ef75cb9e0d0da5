import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangeEmailInput } from '../../../domain/account';
import { PublicUser } from '../../../domain/auth';
import { ChangePasswordInput, PASSWORD_MESSAGES, PasswordChanged, PasswordResetInput, PasswordResetRequest } from '../../../domain/passwords';
import type { EmailChange } from './email-change';
import type { Passwords } from './passwords';
import { setDeviceCookie, signIn } from './routes';
import type { AuthService } from './service';

/**
 * What a member signs in with (docs/decisions/0135, 0136): PUT /api/user/password, PUT
 * /api/user/email, and the mailed link's two calls, POST /api/auth/password-reset and POST
 * /api/auth/password-reset/confirm.
 */
export const credentialRoutes: FastifyPluginAsyncZod<{ auth: AuthService; passwords: Passwords; emails: EmailChange }> = async (
  app,
  { auth, passwords, emails },
) => {
  app.put('/user/password', { schema: { body: ChangePasswordInput, response: { 200: PasswordChanged } } }, async (request) =>
    passwords.change(request.actor, request.body),
  );

  app.put('/user/email', { schema: { body: ChangeEmailInput, response: { 200: PublicUser } } }, async (request, reply) => {
    const { user, device } = await emails.change(request.actor, request.body);
    setDeviceCookie(app, request, reply, device);
    return auth.toPublicUser(user);
  });

  app.post('/auth/password-reset', { schema: { body: PasswordResetRequest, response: { 202: z.object({ message: z.string() }) } } }, async (request, reply) => {
    await passwords.requestReset(request.actor, request.body);
    return reply.code(202).send({ message: PASSWORD_MESSAGES.resetSent });
  });

  app.post('/auth/password-reset/confirm', { schema: { body: PasswordResetInput, response: { 200: PublicUser } } }, async (request, reply) =>
    signIn(app, auth, request, reply, await passwords.reset(request.actor, request.body)),
  );
};
