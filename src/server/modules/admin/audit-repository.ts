import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AuditAction } from '../../../domain/moderation-values';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import { olderThan, type Keyset } from '../../lib/keyset';

export type AuditRow = typeof auditLog.$inferSelect;

/** One line to append: who did what to what (its name as it was then), why, and what changed. */
export interface AuditLine {
  adminId: string | null;
  adminName: string;
  action: AuditAction;
  targetType: 'post' | 'user' | 'verification_request';
  targetId: string;
  targetName: string;
  subjectUserId?: string | null;
  notes?: string | null;
  changes?: { before: object | null; after: object | null } | null;
}

/** A member's posts that admins removed, as the log recorded them. */
export interface Removals {
  count: number;
  recent: Array<{ postId: string; title: string; at: Date; notes: string | null }>;
}

/** How many of a member's removals a case shows by name. */
const RECENT_REMOVALS = 3;

/** Appends lines to the audit log, in the admin's transaction (or the command line's). */
export async function appendAudit(q: Tx | Db, lines: readonly AuditLine[]): Promise<void> {
  if (lines.length === 0) return;
  await q.insert(auditLog).values(lines.map((l) => ({ ...l, subjectUserId: l.subjectUserId ?? null, notes: l.notes ?? null, changes: l.changes ?? null })));
}

/**
 * The audit log (issue 19): appended in the admin's transaction, read newest first. The table
 * refuses every UPDATE, DELETE and TRUNCATE (migration 0013): there is no other write here.
 */
export function createAuditRepository(db: Db) {
  return {
    append: appendAudit,

    /** Newest first, after `after`, of one action or one admin. */
    async page(filter: { action?: AuditAction; adminId?: string }, after: Keyset | null, limit: number) {
      return db
        .select({ row: auditLog, key: sql<string>`${auditLog.at}::text` })
        .from(auditLog)
        .where(
          and(
            filter.action ? eq(auditLog.action, filter.action) : undefined,
            filter.adminId ? eq(auditLog.adminId, filter.adminId) : undefined,
            olderThan(auditLog.at, auditLog.id, after),
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
    },

    /** Everyone who has acted, by the name of their latest line. */
    async admins(): Promise<Array<{ id: string | null; name: string }>> {
      const { rows } = await db.execute<{ id: string | null; name: string }>(sql`
        SELECT DISTINCT ON (${auditLog.adminId}) ${auditLog.adminId} AS id, ${auditLog.adminName} AS name
        FROM ${auditLog} ORDER BY ${auditLog.adminId}, ${auditLog.at} DESC`);
      return rows;
    },

    /** Each member's record of posts removed by admins (deleted posts included), by member. */
    async removalsOf(userIds: readonly string[]): Promise<Map<string, Removals>> {
      const found = new Map<string, Removals>();
      if (userIds.length === 0) return found;
      const rows = await db
        .select({ userId: auditLog.subjectUserId, postId: auditLog.targetId, title: auditLog.targetName, at: auditLog.at, notes: auditLog.notes })
        .from(auditLog)
        .where(and(inArray(auditLog.subjectUserId, [...userIds]), eq(auditLog.action, 'post_removed')))
        .orderBy(desc(auditLog.at));
      for (const { userId, ...removal } of rows) {
        const record = found.get(userId!) ?? { count: 0, recent: [] };
        record.count += 1;
        if (record.recent.length < RECENT_REMOVALS) record.recent.push(removal);
        found.set(userId!, record);
      }
      return found;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
