import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteAccountInput, exportFileName, MAIL_STOP_PAGE, MailStopLinkAsOpened, MailStopQuery, Preferences, RenameInput, RenameResult } from '../../../domain/account';
import { OwnPostsPage, OwnPostsQuery } from '../../../domain/own-posts';
import type { AccountService } from './service';

/** The member's own data (DECISIONS 17): GET /api/user/export, GET /api/user/posts, PATCH and DELETE /api/user/me, GET and PUT /api/user/preferences. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.get('/export', async (request, reply) => {
    const data = await account.exportData(request.actor);
    return reply
      .header('content-disposition', `attachment; filename="${exportFileName(new Date(data.exportedAt))}"`)
      .header('cache-control', 'no-store')
      .send(data);
  });

  app.get('/posts', { schema: { querystring: OwnPostsQuery, response: { 200: OwnPostsPage } } }, async (request) => account.ownPosts(request.actor, request.query));

  app.get('/preferences', { schema: { response: { 200: Preferences } } }, async (request) => account.preferences(request.actor));

  app.put('/preferences', { schema: { body: Preferences, response: { 200: Preferences } } }, async (request) =>
    account.setPreferences(request.actor, request.body),
  );

  app.patch('/me', { schema: { body: RenameInput, response: { 200: RenameResult } } }, async (request) =>
    account.rename(request.actor, request.body),
  );

  app.delete('/me', { schema: { body: DeleteAccountInput } }, async (request, reply) => {
    await account.deleteAccount(request.actor, request.body);
    await app.endSession(request, reply);
    return reply.code(204).send();
  });
};

/**
 * POST /api/mail/stop?u=…&t=…, the link of a message mail (docs/decisions/0138): turns message
 * mail off. A mail program's own button posts it as a form (`List-Unsubscribe=One-Click`, RFC
 * 8058), the page /mail/stop without a body. GET /api/mail/stop, a program that opens the link
 * instead, is sent to the page, which asks first: a link scanner that opens every link changes nothing.
 */
export const mailStopRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  // The body is never read: RFC 8058 has mail programs post `List-Unsubscribe=One-Click` as multipart/form-data or urlencoded, the page posts none.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));

  app.post('/stop', { schema: { querystring: MailStopQuery, response: { 200: Preferences } } }, async (request) => account.stopMail(request.query));

  app.get('/stop', { schema: { querystring: MailStopLinkAsOpened } }, async (request, reply) => {
    const given = Object.entries(request.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    const query = new URLSearchParams(given).toString();
    return reply.redirect(query ? `${MAIL_STOP_PAGE}?${query}` : MAIL_STOP_PAGE, 303);
  });
};
