import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MapQuery, MapResponse } from '../../../../domain/posts';
import { sendJsonBody } from '../../../lib/json-body';
import type { MapService } from './service';

/**
 * GET /api/posts/map?bbox=west,south,east,north&zoom=&…the list's filters (docs/decisions/0030).
 * Registered under its own static prefix, which the router prefers to /api/posts/:id.
 */
export const mapRoutes: FastifyPluginAsyncZod<{ map: MapService }> = async (app, { map }) => {
  app.get(
    '/',
    { schema: { querystring: MapQuery, response: { 200: MapResponse } } },
    async (request, reply) => {
      const view = await map.view(request.actor, request.query);
      reply.header('x-cache', view.cached ? 'hit' : 'miss');
      return sendJsonBody(request, reply, view.body);
    },
  );
};
