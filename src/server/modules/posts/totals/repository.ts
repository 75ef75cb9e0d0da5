import { sql } from 'drizzle-orm';
import type { PostFilters } from '../../../../domain/posts';
import type { Db } from '../../../db/client';
import { postCounts } from '../../../db/schema/index';
import { countRowsMatching } from '../cells';

type Filters = Pick<PostFilters, 'type' | 'status' | 'region' | 'amount'>;

/** Exact counts of posts from the kept post_counts (docs/decisions/0022). */
export function createTotalsRepository(db: Db) {
  return {
    /** Posts matching `f` (no search, no distance), coordinates or not: a sum of a few post_counts rows. */
    async fromCounts(f: Filters): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${postCounts.n}), 0)::int` })
        .from(postCounts)
        .where(countRowsMatching(f));
      return row?.n ?? 0;
    },
  };
}

export type TotalsRepository = ReturnType<typeof createTotalsRepository>;
