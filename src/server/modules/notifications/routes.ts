import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MarkAllReadInput, NotificationsPage, NotificationsQuery } from '../../../domain/notifications';
import type { NotificationsService } from './service';
import { IdParams } from '../../../domain/id-schemas';

/** /api/notifications (DECISIONS 14): the member's own, newest first; read marks; 'Clear all'. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  app.get('/', { schema: { querystring: NotificationsQuery, response: { 200: NotificationsPage } } }, async (request) =>
    notifications.page(request.actor, request.query),
  );

  app.post('/:id/read', { schema: { params: IdParams } }, async (request, reply) => {
    await notifications.markRead(request.actor, request.params.id);
    return reply.code(204).send();
  });

  app.post('/read', { schema: { body: MarkAllReadInput } }, async (request, reply) => {
    await notifications.markAllRead(request.actor, request.body);
    return reply.code(204).send();
  });

  app.delete('/', async (request, reply) => {
    await notifications.clear(request.actor);
    return reply.code(204).send();
  });
};
