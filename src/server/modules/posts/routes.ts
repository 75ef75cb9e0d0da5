import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ListPostsQuery, Post, PostFilters, PostList, UpdateStatusInput } from '../../../domain/posts';
import { sendJsonBody } from '../../lib/json-body';
import { nextLink } from '../../lib/next-link';
import { MULTIPART_LIMITS, readPostForm } from './form';
import type { PostsService } from './service';
import { IdParams } from '../../../domain/id-schemas';

const NearQuery = PostFilters.pick({ near: true });
const ErrorBody = z.object({ message: z.string() });

const STATUS_BODY_MESSAGE = 'Send status and statusNotes as JSON.';
/** UpdateStatusInput, with a plain message when the body is missing or not a JSON object (a form, null, an array). */
const StatusBody = z.object(UpdateStatusInput.shape, { error: STATUS_BODY_MESSAGE });

/**
 * /api/posts (spec §7). Thin: each handler reads its input and calls one service function for the
 * request's actor. POST and PATCH /:id take multipart/form-data (fields of spec §5, the file in
 * `image`) or a JSON object without image.
 */
export const postsRoutes: FastifyPluginAsyncZod<{ posts: PostsService }> = async (app, { posts }) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  app.jobs.add({ name: 'preview-views-old', everyMs: 60 * 60_000, run: () => posts.sweepPreviews() });
  app.jobs.add({ name: 'photo-files-unnamed', everyMs: 24 * 60 * 60_000, run: () => posts.sweepUnnamedPhotos() });

  app.get('/', { schema: { querystring: ListPostsQuery, response: { 200: PostList } } }, async (request, reply) => {
    const page = await posts.list(request.actor, request.query);
    reply.header('x-total-count', String(page.total.total));
    if (page.total.estimated) reply.header('x-total-count-estimated', 'true');
    if (page.nextCursor) reply.header('link', `<${nextLink(request.url, page.nextCursor)}>; rel="next"`);
    reply.header('x-cache', page.cached ? 'hit' : 'miss');
    return sendJsonBody(request, reply, page.body);
  });

  app.get('/:id', { schema: { params: IdParams, querystring: NearQuery, response: { 200: Post, 404: ErrorBody } } }, async (request) =>
    posts.get(request.actor, request.params.id, request.query.near),
  );

  app.post('/', { schema: { response: { 201: Post } } }, async (request, reply) => {
    const created = await posts.create(request.actor, () => readPostForm(request));
    return reply.code(201).send(created);
  });

  app.patch('/:id', { schema: { params: IdParams, response: { 200: Post } } }, async (request) =>
    posts.update(request.actor, request.params.id, () => readPostForm(request)),
  );

  app.delete('/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await posts.remove(request.actor, request.params.id);
    return reply.code(204).send();
  });

  app.patch('/:id/status', { schema: { params: IdParams, body: StatusBody, response: { 200: Post } } }, async (request) =>
    posts.updateStatus(request.actor, request.params.id, request.body),
  );
};
