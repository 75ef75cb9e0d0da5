import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FAVORITES_HIDDEN_HEADER } from '../../../domain/post-values';
import { FavoriteCheckQuery, FavoriteInput, FavoritesQuery, FavoriteState, FavoriteStatesQuery } from '../../../domain/favorites';
import { Post, PostFilters } from '../../../domain/posts';
import type { FavoritesService } from './service';

/**
 * /api/favorites (spec §7): check, add, remove, list; always for the session user. Plus the batch
 * check for the hearts of the cards on screen, `GET /states?postIds=` (docs/decisions/0047).
 */
export const favoritesRoutes: FastifyPluginAsyncZod<{ favorites: FavoritesService }> = async (app, { favorites }) => {
  app.get('/check', { schema: { querystring: FavoriteCheckQuery, response: { 200: z.object({ isFavorite: z.boolean() }) } } }, async (request) =>
    favorites.check(request.actor, request.query),
  );

  app.get('/states', { schema: { querystring: FavoriteStatesQuery, response: { 200: z.array(FavoriteState) } } }, async (request) =>
    favorites.states(request.actor, request.query),
  );

  app.get('/', { schema: { querystring: FavoritesQuery.extend(PostFilters.pick({ near: true }).shape), response: { 200: z.array(Post) } } }, async (request, reply) => {
    const { posts, hidden } = await favorites.list(request.actor, request.query);
    return reply.header(FAVORITES_HIDDEN_HEADER, String(hidden)).send(posts);
  });

  app.post('/', { schema: { body: FavoriteInput, response: { 200: FavoriteState, 201: FavoriteState } } }, async (request, reply) => {
    const created = await favorites.add(request.actor, request.body);
    return reply.code(created ? 201 : 200).send({ postId: request.body.postId, isFavorite: true });
  });

  // The spec sends userId and postId as a JSON body; the query string works too (clients that send no DELETE body).
  app.delete(
    '/',
    { schema: { querystring: FavoriteInput.partial(), body: FavoriteInput.partial().nullish(), response: { 200: FavoriteState } } },
    async (request) => {
      const input = FavoriteInput.parse({ ...request.query, ...(request.body ?? {}) });
      await favorites.remove(request.actor, input);
      return { postId: input.postId, isFavorite: false };
    },
  );
};
