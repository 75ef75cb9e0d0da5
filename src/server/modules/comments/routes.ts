import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Comment, CommentsQuery, CreateCommentInput } from '../../../domain/comments';
import { nextLink } from '../../lib/next-link';
import type { CommentsService } from './service';
import { IdParams } from '../../../domain/id-schemas';

/** Comments (spec §7): GET/POST /api/posts/:id/comments, DELETE /api/comments/:id. */
export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (app, { comments }) => {
  app.get('/api/posts/:id/comments', { schema: { params: IdParams, querystring: CommentsQuery, response: { 200: z.array(Comment) } } }, async (request, reply) => {
    const page = await comments.list(request.actor, request.params.id, request.query);
    if (page.nextCursor) reply.header('link', `<${nextLink(request.url, page.nextCursor)}>; rel="next"`);
    return page.comments;
  });

  app.post('/api/posts/:id/comments', { schema: { params: IdParams, body: CreateCommentInput, response: { 201: Comment } } }, async (request, reply) =>
    reply.code(201).send(await comments.create(request.actor, request.params.id, request.body)),
  );

  app.delete('/api/comments/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await comments.remove(request.actor, request.params.id);
    return reply.code(204).send();
  });
};
