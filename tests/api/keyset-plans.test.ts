import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema/index';
import { createAuditRepository } from '../../src/server/modules/admin/audit-repository';
import { createCommentsRepository } from '../../src/server/modules/comments/repository';
import { createNotificationsRepository } from '../../src/server/modules/notifications/repository';
import { createPaging } from '../../src/server/modules/posts/paging';
import { useTestApp } from './helpers';

/**
 * A later page of a newest-first list starts where its index holds the cursor, instead of walking
 * past every newer row (docs/decisions/0148): the cursor's condition is the index's, not a filter.
 * Each list's own repository is asked for a page, and the statement it sent is explained, so a list
 * that went back to writing the condition by hand (as an OR) fails here too.
 */
const ctx = useTestApp();
const AFTER = { createdAt: '2026-12-07 16:18:25.123456+00', id: '0b1f7c1e-6a8e-4d52-9a53-2f4a1c9e7d10' };
const SOMEONE = '5d0c6a1e-0a4f-4c5e-8f8e-2b1d9c3a7e42';

/** The plan of the last statement `ask` sends through a repository built on its own database handle. */
async function planOf(ask: (db: Db) => Promise<unknown>): Promise<string> {
  const sent: Array<{ text: string; params: unknown[] }> = [];
  const db = drizzle(ctx.database.pool, { schema, logger: { logQuery: (text, params) => void sent.push({ text, params }) } });
  await ask(db);
  const last = sent.at(-1);
  if (!last) throw new Error('The repository sent no statement');
  const client = await ctx.database.pool.connect();
  try {
    await client.query('BEGIN');
    // The tables are nearly empty here: without this, reading them whole would be cheapest.
    await client.query('SET LOCAL enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${last.text}`, last.params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

describe('a keyset page (newest first)', () => {
  it.each([
    ["a member's notifications", (db: Db) => createNotificationsRepository(db).page(SOMEONE, 20, AFTER), 'notifications_user_idx'],
    ["a post's comments", (db: Db) => createCommentsRepository(db).page(SOMEONE, 20, AFTER), 'comments_post_idx'],
    ['the audit log of one action', (db: Db) => createAuditRepository(db).page({ action: 'post_removed' }, AFTER, 20), 'audit_log_action_idx'],
    ['the audit log', (db: Db) => createAuditRepository(db).page({}, AFTER, 20), 'audit_log_at_idx'],
    ['the posts', (db: Db) => createPaging(db).newest({ where: undefined, after: { sort: 'newest', ...AFTER }, limit: 20 }), 'posts_created_idx'],
  ] as const)('of %s starts at the cursor in its index', async (_what, ask, index) => {
    const plan = await planOf(ask);
    expect(plan).toContain(index);
    expect(plan).toMatch(/Index Cond: .*ROW\(\w+, id\) < ROW\(/);
    expect(plan).not.toMatch(/Filter:/);
  });
});
