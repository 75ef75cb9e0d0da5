/**
 * The zod-free part of place search (as post-values.ts is of posts, docs/decisions/0040): the
 * filter bar's place finder is on the first screen and imports these without pulling zod in.
 * places.ts re-exports them.
 */

/** Place search (DECISIONS 11 and 12; docs/decisions/0120): the most places one search answers. */
export const PLACES_MAX = 8;
export const PLACE_QUERY = { min: 2, max: 100 } as const;
