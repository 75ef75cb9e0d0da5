import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Message, SendMessageInput, Thread, ThreadQuery } from '../../../domain/messages';
import { nextLink } from '../../lib/next-link';
import type { MessagesService } from './service';
import { pathId } from '../../../domain/id-schemas';

const WithParams = z.object({ userId: pathId });

/** Messages and the inbox (spec §7 POST /api/messages; DECISIONS 14). */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (app, { messages }) => {
  app.post('/', { schema: { body: SendMessageInput, response: { 201: Message } } }, async (request, reply) =>
    reply.code(201).send(await messages.send(request.actor, request.body)),
  );

  app.get('/', { schema: { response: { 200: z.array(Thread) } } }, async (request) => messages.threads(request.actor));

  app.get('/with/:userId', { schema: { params: WithParams, querystring: ThreadQuery, response: { 200: z.array(Message) } } }, async (request, reply) => {
    const page = await messages.thread(request.actor, request.params.userId, request.query);
    if (page.nextCursor) reply.header('link', `<${nextLink(request.url, page.nextCursor)}>; rel="next"`);
    return page.messages;
  });

  app.post('/with/:userId/read', { schema: { params: WithParams, querystring: ThreadQuery.pick({ postId: true }) } }, async (request, reply) => {
    await messages.markRead(request.actor, request.params.userId, request.query);
    return reply.code(204).send();
  });
};
