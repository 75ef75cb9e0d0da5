import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../domain/actor';
import { LIMITS } from '../../../domain/limits';
import { canView } from '../../../domain/policy';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';

/** Whether the daily budget applies: a guest without full access (members and grant holders are not counted). */
export const onPreviewBudget = (actor: Actor, now: Date): boolean => actor.userId === null && !canView(actor, now);

/**
 * The free preview is a preview (DECISIONS 29, docs/decisions/0076): a guest session sees at most
 * 10 distinct posts in full a day, and all the guests of one network address together at most 30,
 * counted across the list, the map, single posts and shared links (SQL preview_admit). Everyone
 * else is not counted. Days are UTC days; the rows are kept two days.
 */
export function createPreviewBudget(db: Db) {
  /** The posts admitted, as an SQL expression (a uuid[]) that counts them when evaluated. */
  function admitting(actor: Actor, postIds: readonly string[], now: Date): SQL {
    const day = now.toISOString().slice(0, 10);
    const session = actor.sessionId ? `s:${actor.sessionId}` : null;
    return sql`preview_admit(${day}::date, ${session}, ${`a:${actor.address}`}, ${sql.param([...postIds])}::uuid[],
      ${LIMITS.previewPostsPerSession}, ${LIMITS.previewPostsPerAddress})`;
  }

  return {
    /** The posts of `postIds` the actor may see in full now (every one, off the budget). */
    async admit(actor: Actor, postIds: readonly string[], now = new Date()): Promise<Set<string>> {
      if (postIds.length === 0 || !onPreviewBudget(actor, now)) return new Set(postIds);
      const [row] = await executePrepared<{ admitted: string[] }>(db, 'preview_admit', sql`SELECT ${admitting(actor, postIds, now)} AS admitted`);
      return new Set(row?.admitted ?? []);
    },

    /**
     * The same, counted inside another statement: `within` runs one statement that evaluates the
     * expression it is given (a rate limit's hit, so that both take one round trip).
     */
    async admitWithin(
      actor: Actor,
      postIds: readonly string[],
      now: Date,
      within: (admitted: SQL) => Promise<unknown>,
    ): Promise<Set<string>> {
      if (postIds.length === 0 || !onPreviewBudget(actor, now)) {
        await within(sql`NULL`);
        return new Set(postIds);
      }
      return new Set(((await within(admitting(actor, postIds, now))) as string[] | null) ?? []);
    },

    /** Forgets the days before yesterday. */
    async sweep(): Promise<void> {
      await db.execute(sql`DELETE FROM preview_views WHERE day < current_date - 1`);
    },
  };
}

export type PreviewBudget = ReturnType<typeof createPreviewBudget>;
