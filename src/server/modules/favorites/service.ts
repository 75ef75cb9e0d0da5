import type { Actor } from '../../../domain/actor';
import type { FavoriteState } from '../../../domain/favorites';
import { POLICY_MESSAGES, actsAsSelf, canKeepFavorites } from '../../../domain/policy';
import type { Post } from '../../../domain/posts';
import type { Db } from '../../db/client';
import { assertAllowed, notFound } from '../../errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { POST_MESSAGES, type PostsService } from '../posts/service';
import { createFavoritesRepository } from './repository';

/** The favourites list answers at most this many posts, newest favourite first. */
export const FAVORITES_LIST_MAX = 500;

/**
 * Favourites act for the actor's member only (DECISIONS 1): a guest gets 401, a `userId` naming
 * someone else 403. Posts are read and presented through the posts service.
 */
export function createFavoritesService(deps: { db: Db; posts: PostsService }) {
  const repo = createFavoritesRepository(deps.db);

  /** The member the call acts for, after the policy's checks. */
  function memberOf(actor: Actor, claimedUserId: string | undefined): string {
    assertAllowed(canKeepFavorites(actor));
    assertAllowed(actsAsSelf(actor, claimedUserId, POLICY_MESSAGES.notYourFavorites));
    return actor.userId!;
  }

  return {
    async check(actor: Actor, input: { userId?: string; postId: string }): Promise<{ isFavorite: boolean }> {
      return { isFavorite: await repo.has(memberOf(actor, input.userId), input.postId) };
    },

    /** The batch check (docs/decisions/0047): each asked id, in order, with the member's state. */
    async states(actor: Actor, input: { userId?: string; postIds: readonly string[] }): Promise<FavoriteState[]> {
      const saved = new Set(await repo.savedAmong(memberOf(actor, input.userId), input.postIds));
      return input.postIds.map((postId) => ({ postId, isFavorite: saved.has(postId) }));
    },

    /** True when newly added. Favouriting an absent post is a 404. */
    async add(actor: Actor, input: { userId?: string; postId: string }): Promise<boolean> {
      const userId = memberOf(actor, input.userId);
      try {
        return await repo.add(userId, input.postId);
      } catch (err) {
        if (isForeignKeyViolation(err)) throw notFound(POST_MESSAGES.notFound);
        throw err;
      }
    },

    async remove(actor: Actor, input: { userId?: string; postId: string }): Promise<void> {
      await repo.remove(memberOf(actor, input.userId), input.postId);
    },

    /**
     * The saved posts the member may see now, and how many saved posts are hidden for now (their
     * owner suspended, reports waiting: docs/decisions/0144); a deleted post's favourite goes with it.
     */
    async list(actor: Actor, input: { userId?: string; near?: string }): Promise<{ posts: Post[]; hidden: number }> {
      const userId = memberOf(actor, input.userId);
      const ids = await repo.postIds(userId, FAVORITES_LIST_MAX);
      const posts = await deps.posts.present(actor, ids, input.near);
      return { posts, hidden: ids.length - posts.length };
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
