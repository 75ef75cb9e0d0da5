import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicProfile, RatingInput, UserRating } from '../../../domain/members';
import type { MembersService } from './service';
import { IdParams } from '../../../domain/id-schemas';

/** Profiles, ratings and blocks (spec §7: /api/users/…, /api/user-ratings). */
export const membersRoutes: FastifyPluginAsyncZod<{ members: MembersService }> = async (app, { members }) => {
  app.get('/api/users/:id', { schema: { params: IdParams, response: { 200: PublicProfile } } }, async (request) =>
    members.profile(request.actor, request.params.id),
  );

  app.get('/api/users/:id/ratings', { schema: { params: IdParams, response: { 200: z.array(UserRating) } } }, async (request) =>
    members.ratings(request.params.id),
  );

  app.get('/api/users/:id/average-rating', { schema: { params: IdParams, response: { 200: z.number() } } }, async (request) =>
    members.averageRating(request.params.id),
  );

  app.post('/api/user-ratings', { schema: { body: RatingInput, response: { 200: UserRating, 201: UserRating } } }, async (request, reply) => {
    const { rating, created } = await members.rate(request.actor, request.body);
    return reply.code(created ? 201 : 200).send(rating);
  });

  app.post('/api/users/:id/block', { schema: { params: IdParams } }, async (request, reply) => {
    await members.block(request.actor, request.params.id);
    return reply.code(204).send();
  });

  app.delete('/api/users/:id/block', { schema: { params: IdParams } }, async (request, reply) => {
    await members.unblock(request.actor, request.params.id);
    return reply.code(204).send();
  });
};
