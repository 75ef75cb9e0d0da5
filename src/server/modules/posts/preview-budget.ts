import { sql } from 'drizzle-orm';
import type { Actor } from '../../../domain/actor';
import { LIMITS } from '../../../domain/limits';
import { canView } from '../../../domain/policy';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { createBatcher } from '../../lib/batcher';
import { assertWithinLimit, rateKey, type RateRule } from '../../plugins/rate-limit';

/** Whether the daily budget applies: a guest without full access (members and grant holders are not counted). */
export const onPreviewBudget = (actor: Actor, now: Date): boolean => actor.userId === null && !canView(actor, now);

/** Who is counted, and on which day: the session (if any) and the network address. */
function viewerOf(actor: Actor, now: Date) {
  return {
    day: now.toISOString().slice(0, 10),
    session: actor.sessionId ? `s:${actor.sessionId}` : null,
    address: `a:${actor.address}`,
  };
}

/** One guest call's gate (SQL preview_gate): the throttle's hit, and the posts to admit within it. */
type Gate = { key: string; limit: number; secs: number; posts: readonly string[] } & ReturnType<typeof viewerOf>;
type GateResult = { hits: number; retry: number; admitted: string[] | null };

/**
 * The free preview is a preview (DECISIONS 29, docs/decisions/0076): a guest session sees at most
 * 10 distinct posts in full a day, and all the guests of one network address together at most 30,
 * counted across the list, the map, single posts and shared links (SQL preview_admit). Everyone
 * else is not counted. Days are UTC days; the rows are kept two days.
 */
export function createPreviewBudget(db: Db) {
  /**
   * Many gates in one statement (docs/decisions/0093), in the order of their keys so that
   * concurrent statements lock rows and addresses in the same order; answered in the gates' order.
   */
  async function gateAll(gates: Gate[]): Promise<GateResult[]> {
    const keyOf = (i: number) => gates[i]!.key;
    const order = gates.map((_, i) => i).sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : a - b));
    const column = <T>(pick: (g: Gate) => T) => sql.param(order.map((i) => pick(gates[i]!)));
    const rows = await executePrepared<GateResult & { i: number }>(db, 'preview_gate', sql`
      SELECT b.i::int AS i, g.hits, g.retry, g.admitted
      FROM unnest(${column((g) => g.key)}::text[], ${column((g) => g.limit)}::int[], ${column((g) => g.secs)}::float8[],
        ${column((g) => g.day)}::date[], ${column((g) => g.session)}::text[], ${column((g) => g.address)}::text[],
        ${column((g) => g.posts.join(','))}::text[]) WITH ORDINALITY AS b(key, lim, secs, day, session, address, posts, i)
      CROSS JOIN LATERAL preview_gate(b.key, b.lim, b.secs, b.day, b.session, b.address, string_to_array(b.posts, ',')::uuid[],
        ${LIMITS.previewPostsPerSession}::int, ${LIMITS.previewPostsPerAddress}::int) AS g
      ORDER BY b.i`);
    const results: GateResult[] = [];
    rows.forEach((row, at) => (results[order[at]!] = row));
    return results;
  }
  const gate = createBatcher(gateAll);

  return {
    /** The posts of `postIds` the actor may see in full now (every one, off the budget). */
    async admit(actor: Actor, postIds: readonly string[], now = new Date()): Promise<Set<string>> {
      if (postIds.length === 0 || !onPreviewBudget(actor, now)) return new Set(postIds);
      const { day, session, address } = viewerOf(actor, now);
      const [row] = await executePrepared<{ admitted: string[] }>(db, 'preview_admit', sql`
        SELECT preview_admit(${day}::date, ${session}, ${address}, ${sql.param([...postIds])}::uuid[],
          ${LIMITS.previewPostsPerSession}, ${LIMITS.previewPostsPerAddress}) AS admitted`);
      return new Set(row?.admitted ?? []);
    },

    /**
     * The same, counted with a hit of the rate limit `hit` (the preview throttle) in one gate: a
     * 429 over its limit, and then no post is counted. Concurrent gates share one statement.
     */
    async admitWithHit(
      actor: Actor,
      postIds: readonly string[],
      now: Date,
      hit: { key: string; rule: RateRule },
    ): Promise<Set<string>> {
      const budgeted = postIds.length > 0 && onPreviewBudget(actor, now);
      const { rule } = hit;
      const result = await gate({
        key: rateKey(hit.key),
        limit: rule.limit,
        secs: rule.windowMs / 1000,
        posts: budgeted ? postIds : [],
        ...viewerOf(actor, now),
      });
      assertWithinLimit(rule, result);
      return budgeted ? new Set(result.admitted ?? []) : new Set(postIds);
    },

    /** Forgets the days before yesterday. */
    async sweep(): Promise<void> {
      await db.execute(sql`DELETE FROM preview_views WHERE day < current_date - 1`);
    },
  };
}

export type PreviewBudget = ReturnType<typeof createPreviewBudget>;
