import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ListPostsQuery, Post, PostFilters, UpdateStatusInput } from '../../../domain/posts';
import { sendJsonBody } from '../../lib/json-body';
import { TtlCache } from '../../lib/ttl-cache';
import { MULTIPART_LIMITS } from './form';
import type { PostsService } from './service';

const IdParams = z.object({ id: z.string() });
const NearQuery = PostFilters.pick({ near: true });
const ErrorBody = z.object({ message: z.string() });

const STATUS_BODY_MESSAGE = 'Send status and statusNotes as JSON.';
/** UpdateStatusInput, with a plain message when the body is missing or not a JSON object (a form, null, an array). */
const StatusBody = z.object(UpdateStatusInput.shape, { error: STATUS_BODY_MESSAGE });

/** `url` with its cursor replaced: the target of `Link: <…>; rel="next"`. */
export function nextLink(url: string, cursor: string): string {
  const key = `${url} ${cursor}`;
  let link = links.get(key);
  if (link === undefined) {
    const next = new URL(url, 'http://local');
    next.searchParams.set('cursor', cursor);
    links.set(key, (link = `${next.pathname}${next.search}`));
  }
  return link;
}
/** Parsing the URL costs 6 % of a cached list request; a popular page asks for the same link again and again. */
const links = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 1_000 });

/**
 * /api/posts (spec §7). Thin: each handler calls one service function. POST and PATCH /:id take
 * multipart/form-data (fields of spec §5, the file in `image`) or a JSON object without image.
 */
export const postsRoutes: FastifyPluginAsyncZod<{ posts: PostsService }> = async (app, { posts }) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  app.get('/', { schema: { querystring: ListPostsQuery, response: { 200: z.array(Post) } } }, async (request, reply) => {
    const page = await posts.list(request, request.query);
    reply.header('x-total-count', String(page.total));
    if (page.totalCapped) reply.header('x-total-count-capped', 'true');
    if (page.nextCursor) reply.header('link', `<${nextLink(request.url, page.nextCursor)}>; rel="next"`);
    return sendJsonBody(request, reply, page.body);
  });

  app.get('/:id', { schema: { params: IdParams, querystring: NearQuery, response: { 200: Post, 404: ErrorBody } } }, async (request) =>
    posts.get(request, request.params.id, request.query.near),
  );

  app.post('/', { schema: { response: { 201: Post } } }, async (request, reply) => reply.code(201).send(await posts.create(request)));

  app.patch('/:id', { schema: { params: IdParams, response: { 200: Post } } }, async (request) => posts.update(request, request.params.id));

  app.delete('/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await posts.remove(request, request.params.id);
    return reply.code(204).send();
  });

  app.patch('/:id/status', { schema: { params: IdParams, body: StatusBody, response: { 200: Post } } }, async (request) =>
    posts.updateStatus(request, request.params.id, request.body),
  );
};
