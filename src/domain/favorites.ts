import { z } from 'zod';
import { LIMITS } from './limits';
import { text } from './text';
import { uuidField } from './id-schemas';

/** Kept in limits.ts, which has no zod: the web reads it without pulling zod into its first load. */
const FAVORITE_STATES_MAX = LIMITS.favoriteStatesMax;

export const FAVORITE_STATES_MESSAGES = {
  empty: 'postIds must list at least one post id',
  tooMany: `postIds can list at most ${FAVORITE_STATES_MAX} post ids`,
  malformed: 'postIds must be post ids separated by commas',
} as const;

/** Favourites (spec §7). userId is optional: the session decides (DECISIONS 1). */
export const FavoriteInput = z.object({ userId: text().optional(), postId: uuidField('postId must be a post id') });
export const FavoriteCheckQuery = FavoriteInput;
export const FavoritesQuery = z.object({ userId: text().optional() });

/** Whether the session user has favourited a post: the answer of add, remove and the batch check. */
export const FavoriteState = z.object({ postId: z.string(), isFavorite: z.boolean() });
export type FavoriteState = z.infer<typeof FavoriteState>;

/** `a,b,c`, or the parameter repeated (`postIds=a&postIds=b`), as one list. */
const commaList = (value: unknown) => {
  const joined = Array.isArray(value) ? value.join(',') : value;
  if (typeof joined !== 'string') return joined;
  return joined === '' ? [] : joined.split(',');
};

/**
 * GET /api/favorites/states?postIds=…: 1 to 100 post ids, lower-cased and each answered once, in
 * the order asked. userId is optional, as on every favourites call: the session decides (DECISIONS 1).
 */
export const FavoriteStatesQuery = z.object({
  userId: text().optional(),
  postIds: z.preprocess(
    commaList,
    z
      .array(uuidField(FAVORITE_STATES_MESSAGES.malformed), { error: FAVORITE_STATES_MESSAGES.empty })
      .min(1, FAVORITE_STATES_MESSAGES.empty)
      .max(FAVORITE_STATES_MAX, FAVORITE_STATES_MESSAGES.tooMany)
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  ),
});
export type FavoriteStatesQuery = z.infer<typeof FavoriteStatesQuery>;
