import { describe, expect, it } from 'vitest';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { auditLog, comments, notifications, posts } from '../../src/server/db/schema/index';
import { olderThan } from '../../src/server/lib/keyset';
import { useTestApp } from './helpers';

/**
 * A later page of a newest-first list starts where its index holds the cursor, instead of walking
 * past every newer row (docs/decisions/0148): the cursor's condition is the index's, not a filter.
 */
const ctx = useTestApp();
const AFTER = { createdAt: '2026-12-07 16:18:25.123456+00', id: '0b1f7c1e-6a8e-4d52-9a53-2f4a1c9e7d10' };
const SOMEONE = '5d0c6a1e-0a4f-4c5e-8f8e-2b1d9c3a7e42';

async function planOf(table: PgTable, scope: SQL | undefined, at: PgColumn, id: PgColumn): Promise<string> {
  const query = ctx.database.db
    .select({ id })
    .from(table)
    .where(and(scope, olderThan(at, id, AFTER)))
    .orderBy(desc(at), desc(id))
    .limit(20);
  return ctx.database.db.transaction(async (tx) => {
    // The tables are nearly empty here: without this, reading them whole would be cheapest.
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${query.getSQL()}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('a keyset page (newest first)', () => {
  it.each([
    ['a member\'s notifications', notifications, eq(notifications.userId, SOMEONE), notifications.createdAt, notifications.id, 'notifications_user_idx'],
    ['a post\'s comments', comments, eq(comments.postId, SOMEONE), comments.createdAt, comments.id, 'comments_post_idx'],
    ['the audit log of one action', auditLog, eq(auditLog.action, 'post_removed'), auditLog.at, auditLog.id, 'audit_log_action_idx'],
    ['the audit log', auditLog, undefined, auditLog.at, auditLog.id, 'audit_log_at_idx'],
    ['the posts', posts, undefined, posts.createdAt, posts.id, 'posts_created_idx'],
  ] as const)('of %s starts at the cursor in its index', async (_what, table, scope, at, id, index) => {
    const plan = await planOf(table, scope, at, id);
    expect(plan).toContain(index);
    expect(plan).toMatch(/Index Cond: .*ROW\(\w+, id\) < ROW\(/);
    expect(plan).not.toMatch(/Filter:/);
  });
});
