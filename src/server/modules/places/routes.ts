import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlaceList, PlaceQuery } from '../../../domain/places';
import type { PlacesService } from './service';

/** GET /api/places?q=: places by name or address, for anyone (docs/decisions/0120). */
export const placesRoutes: FastifyPluginAsyncZod<{ places: PlacesService }> = async (app, { places }) => {
  app.get('/api/places', { schema: { querystring: PlaceQuery, response: { 200: PlaceList } } }, async (request, reply) => {
    const answer = await places.search(request.actor, request.query.q);
    // The same words find the same places for a while: typing back over them asks nobody again.
    reply.header('cache-control', 'private, max-age=600');
    return answer;
  });
};
