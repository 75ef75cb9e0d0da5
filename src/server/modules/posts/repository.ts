import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { areaDays, posts, users } from '../../db/schema/index';
import type { EventBus } from '../../events/bus';
import { POST_CHANGED } from '../../events/topics';
import type { PostTypeValue } from '../../../domain/post-values';
import { recordedSuspension, type Suspension } from '../../../domain/suspension';
import { visible } from './filters';
import { createKeyEstimates } from './key-estimates';
import { postColumns as columns } from './page-reads';
import { createPaging } from './paging';
import type { PostRow } from './present';

export type NewPostRow = typeof posts.$inferInsert;

/**
 * The keys among `keys` that some post names: one lookup in posts_image_keys_idx a key. Not one
 * `image_keys && keys` for all: the planner, who cannot tell how many posts overlap a thousand
 * keys, read the whole table for it (18 s at 1M posts, against 8 ms).
 */
export function namedImageKeysSql(keys: readonly string[]) {
  return sql`SELECT k AS key FROM unnest(${sql.param([...keys])}::text[]) AS k
             WHERE EXISTS (SELECT 1 FROM posts WHERE image_keys @> ARRAY[k])`;
}

/** Which of these storage keys a post names (the sweep of stored files, and `npm run photos:sweep`). */
export async function namedImageKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.execute<{ key: string }>(namedImageKeysSql(keys));
  return new Set(rows.map((r) => r.key));
}

/**
 * Posts: the list's pages (paging.ts) and every write. Writes publish POST_CHANGED once done, so
 * the read model of every instance drops what they touch (docs/decisions/0070).
 */
/** The regions' names as a table to join, `(VALUES (region, label), …) AS l(region, label)`. */
const labelRows = (regionLabels: Record<string, string>) =>
  sql`(VALUES ${sql.join(
    Object.entries(regionLabels).map(([region, label]) => sql`(${region}, ${label})`),
    sql`, `,
  )})`;

export function createPostsRepository(db: Db, events: EventBus) {
  /** The cards' rows by id: a named prepared statement (docs/decisions/0090), one text for any number of ids. */
  const byIds = db
    .select(columns)
    .from(posts)
    .where(sql`${posts.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare('posts_by_ids');
  const estimates = createKeyEstimates(db);

  return {
    ...createPaging(db, estimates),

    /** The planner's estimates of search index conditions (key-estimates.ts), shared with the map. */
    estimates,

    async findById(id: string): Promise<PostRow | undefined> {
      const [row] = await db.select(columns).from(posts).where(eq(posts.id, id)).limit(1);
      return row;
    },

    async findByIds(ids: readonly string[]): Promise<PostRow[]> {
      if (ids.length === 0) return [];
      return byIds.execute({ ids: [...ids] });
    },

    /**
     * A new post. A member's is written with the member held first (FOR KEY SHARE, as its foreign
     * key holds them): a suspension being written is waited for, and `admit` judges the member's
     * suspension as it then stands; one written after waits for the post and takes it out of lists.
     */
    async insert(values: NewPostRow, admit: (suspension: Suspension | null) => void = () => {}): Promise<PostRow> {
      const row = await db.transaction(async (tx) => {
        if (values.userId) {
          const [owner] = await tx
            .select({ at: users.suspendedAt, until: users.suspendedUntil, reason: users.suspensionReason })
            .from(users)
            .where(eq(users.id, values.userId))
            .for('key share');
          admit(owner ? recordedSuspension(owner.at, owner.until, owner.reason) : null);
        }
        const [row] = await tx.insert(posts).values(values).returning(columns);
        return row!;
      });
      await events.publish(POST_CHANGED, { id: row.id });
      return row;
    },

    async update(id: string, values: Partial<NewPostRow>): Promise<PostRow | undefined> {
      const [row] = await db
        .update(posts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(posts.id, id))
        .returning(columns);
      if (row) await events.publish(POST_CHANGED, { id });
      return row;
    },

    /**
     * An update that replaces the post's photo: the row is held first (FOR NO KEY UPDATE, as the
     * update would) and its image keys read as they then stand, so of two replacements at once the
     * second waits and gets the first's files, never the keys both read before (docs/decisions/0117).
     * The row, and the keys this write replaced.
     */
    async updateImage(id: string, values: Partial<NewPostRow>): Promise<{ row: PostRow; replaced: string[] } | undefined> {
      const result = await db.transaction(async (tx) => {
        const [held] = await tx.select({ imageKeys: posts.imageKeys }).from(posts).where(eq(posts.id, id)).for('no key update');
        if (!held) return undefined;
        const [row] = await tx.update(posts).set({ ...values, updatedAt: sql`now()` }).where(eq(posts.id, id)).returning(columns);
        return { row: row!, replaced: held.imageKeys ?? [] };
      });
      if (result) await events.publish(POST_CHANGED, { id });
      return result;
    },

    /** Posts up, and those given away (status unavailable), from the kept counts (docs/decisions/0022). */
    async figures(): Promise<{ posts: number; givenAway: number }> {
      const { rows } = await db.execute<{ posts: number; given: number }>(
        sql`SELECT coalesce(sum(n), 0)::int AS posts, coalesce(sum(n) FILTER (WHERE status = 'unavailable'), 0)::int AS given FROM post_counts`,
      );
      return { posts: rows[0]?.posts ?? 0, givenAway: rows[0]?.given ?? 0 };
    },

    /**
     * The areas with the most posts shared within `days` that anyone may see listed, from the
     * counts kept per area and day (area_days, docs/decisions/0091): the address's town (post_town,
     * as areaOf shows a guest: docs/decisions/0130), else the region's name; never a street.
     */
    async popularAreas(
      days: number,
      limit: number,
      regionLabels: Record<string, string>,
    ): Promise<Array<{ area: string; posts: number }>> {
      const labels = labelRows(regionLabels);
      const { rows } = await db.execute<{ area: string; posts: number }>(sql`
        SELECT coalesce(a.town, l.label) AS area, sum(a.n)::int AS posts
        FROM ${areaDays} AS a LEFT JOIN ${labels} AS l(region, label) ON l.region = a.region::text
        WHERE a.day > (now() AT TIME ZONE 'UTC')::date - ${days}::int AND coalesce(a.town, l.label) IS NOT NULL
        GROUP BY 1 HAVING sum(a.n) > 0 ORDER BY 2 DESC, 1 LIMIT ${limit}`);
      return rows;
    },

    /**
     * What a member's impact is worked out from (their posts up), and the region most of them are
     * in. Their areas are counted as the popular areas name them (docs/decisions/0128): the
     * address's town (post_town), else the region's name, whatever its case.
     */
    async impactOf(
      userId: string,
      regionLabels: Record<string, string>,
    ): Promise<{ ids: string[]; created: number; givenAway: number; firewood: number; areas: number; region: string | null }> {
      const labels = labelRows(regionLabels);
      const { rows } = await db.execute<{ ids: string[] | null; created: number; given: number; firewood: number; areas: number; region: string | null }>(sql`
        SELECT array_agg(${posts.id}) AS ids, count(*)::int AS created, mode() WITHIN GROUP (ORDER BY ${posts.region}) AS region,
               (count(*) FILTER (WHERE ${posts.status} = 'unavailable'))::int AS given,
               (count(*) FILTER (WHERE ${posts.type} = 'firewood'))::int AS firewood,
               count(DISTINCT lower(coalesce(post_town(${posts.address}), l.label)))::int AS areas
        FROM ${posts} LEFT JOIN ${labels} AS l(region, label) ON l.region = ${posts.region}::text
        WHERE ${posts.userId} = ${userId} AND ${visible}`);
      const row = rows[0];
      return {
        ids: row?.ids ?? [],
        created: row?.created ?? 0,
        givenAway: row?.given ?? 0,
        firewood: row?.firewood ?? 0,
        areas: row?.areas ?? 0,
        region: row?.region ?? null,
      };
    },

    /** The newest `limit` posts of a type anyone may see listed (posts_type_created_idx): what a campaign shows. */
    async newestOfType(
      type: PostTypeValue,
      limit: number,
    ): Promise<Array<{ id: string; title: string; address: string; region: PostRow['region'] }>> {
      return db
        .select({ id: posts.id, title: posts.title, address: posts.address, region: posts.region })
        .from(posts)
        .where(and(eq(posts.type, type), visible))
        .orderBy(sql`${posts.createdAt} DESC NULLS FIRST`, sql`${posts.id} DESC NULLS FIRST`)
        .limit(limit);
    },

    /** Which of these members have a post up (listed: not hidden, removed or suspended; a deleted one is gone). */
    async withPostsUp(userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ userId: posts.userId })
        .from(posts)
        .where(and(inArray(posts.userId, [...userIds]), visible));
      return new Set(rows.map((r) => r.userId!));
    },

    /** A guest's posts become the member's (DECISIONS 5), in the sign-in's transaction; their ids. */
    async adopt(tx: Tx, sessionId: string, userId: string): Promise<string[]> {
      const moved = await tx
        .update(posts)
        .set({ userId, ownerSessionId: null, updatedAt: sql`now()` })
        .where(eq(posts.ownerSessionId, sessionId))
        .returning({ id: posts.id });
      return moved.map((m) => m.id);
    },

    /** Which of these storage keys a post names (the sweep of stored files, docs/decisions/0119). */
    namedImageKeys: (keys: readonly string[]) => namedImageKeys(db, keys),

    async delete(id: string): Promise<PostRow | undefined> {
      const [row] = await db.delete(posts).where(eq(posts.id, id)).returning(columns);
      if (row) await events.publish(POST_CHANGED, { id });
      return row;
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
