import type { FastifyRequest } from 'fastify';
import type { FavoriteState } from '../../../domain/favorites';
import type { Post } from '../../../domain/posts';
import type { Db } from '../../db/client';
import { forbidden, notFound, unauthenticated } from '../../errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { PostsService } from '../posts/service';
import { POST_MESSAGES } from '../posts/service';
import { createFavoritesRepository } from './repository';

export const FAVORITE_MESSAGES = {
  signIn: 'Please sign in to save favorites.',
  notYours: 'You can only see and change your own favorites.',
} as const;

/** The favourites list answers at most this many posts, newest favourite first. */
export const FAVORITES_LIST_MAX = 500;

/**
 * Favourites act for the session user only (DECISIONS 1): a guest gets 401, a `userId` naming
 * someone else 403. Posts are read and presented through the posts service.
 */
export function createFavoritesService(deps: { db: Db; posts: PostsService }) {
  const repo = createFavoritesRepository(deps.db);

  async function actor(request: FastifyRequest, userId: string | undefined) {
    const viewer = deps.posts.viewerOf(request);
    if (!viewer.userId) throw unauthenticated(FAVORITE_MESSAGES.signIn);
    if (userId !== undefined && userId !== '' && userId !== viewer.userId) throw forbidden(FAVORITE_MESSAGES.notYours);
    return { viewer, userId: viewer.userId };
  }

  return {
    async check(request: FastifyRequest, input: { userId?: string; postId: string }): Promise<{ isFavorite: boolean }> {
      const { userId } = await actor(request, input.userId);
      return { isFavorite: await repo.has(userId, input.postId) };
    },

    /** The batch check (docs/decisions/0047): each asked id, in order, with the session user's state. */
    async states(request: FastifyRequest, input: { userId?: string; postIds: readonly string[] }): Promise<FavoriteState[]> {
      const { userId } = await actor(request, input.userId);
      const saved = new Set(await repo.savedAmong(userId, input.postIds));
      return input.postIds.map((postId) => ({ postId, isFavorite: saved.has(postId) }));
    },

    /** True when newly added. Favouriting an absent post is a 404. */
    async add(request: FastifyRequest, input: { userId?: string; postId: string }): Promise<boolean> {
      const { userId } = await actor(request, input.userId);
      try {
        return await repo.add(userId, input.postId);
      } catch (err) {
        if (isForeignKeyViolation(err)) throw notFound(POST_MESSAGES.notFound);
        throw err;
      }
    },

    async remove(request: FastifyRequest, input: { userId?: string; postId: string }): Promise<void> {
      const { userId } = await actor(request, input.userId);
      await repo.remove(userId, input.postId);
    },

    async list(request: FastifyRequest, input: { userId?: string; near?: string }): Promise<Post[]> {
      const { viewer, userId } = await actor(request, input.userId);
      return deps.posts.present(viewer, await repo.postIds(userId, FAVORITES_LIST_MAX), input.near);
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
