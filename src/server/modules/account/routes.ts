import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteAccountInput, exportFileName, Preferences, RenameInput } from '../../../domain/account';
import type { AccountService } from './service';

/** The member's own data (DECISIONS 17): GET /api/user/export, PATCH and DELETE /api/user/me, GET and PUT /api/user/preferences. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.get('/export', async (request, reply) => {
    const data = await account.exportData(request.actor);
    return reply
      .header('content-disposition', `attachment; filename="${exportFileName(new Date(data.exportedAt))}"`)
      .header('cache-control', 'no-store')
      .send(data);
  });

  app.get('/preferences', { schema: { response: { 200: Preferences } } }, async (request) => account.preferences(request.actor));

  app.put('/preferences', { schema: { body: Preferences, response: { 200: Preferences } } }, async (request) =>
    account.setPreferences(request.actor, request.body),
  );

  app.patch('/me', { schema: { body: RenameInput, response: { 200: z.object({ username: z.string() }) } } }, async (request) =>
    account.rename(request.actor, request.body),
  );

  app.delete('/me', { schema: { body: DeleteAccountInput } }, async (request, reply) => {
    await account.deleteAccount(request.actor, request.body);
    await app.endSession(request, reply);
    return reply.code(204).send();
  });
};
