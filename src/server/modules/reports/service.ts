import type { Actor } from '../../../domain/actor';
import { actsAsSelf, canReport } from '../../../domain/policy';
import { HIDE_AFTER_REPORTS, REPORT_MESSAGES, type ReportInput } from '../../../domain/reports';
import type { Db } from '../../db/client';
import { assertAllowed, conflict } from '../../errors';
import type { RateLimiter, RateRule } from '../../plugins/rate-limit';
import type { NotificationsService } from '../notifications/service';
import type { PostsService } from '../posts/service';
import { createReportsRepository } from './repository';

/** Reports from one address in an hour (issue: 10). */
export const REPORT_RATE: RateRule = { what: 'reports from this address', limit: 10, windowMs: 60 * 60_000 };

/**
 * Reports (spec §2 dialog 8, DECISIONS 23): anyone reports, a guest anonymously; one open report
 * per reporter and post. A post reported by HIDE_AFTER_REPORTS distinct signed-in members leaves
 * every list and the map until an admin reviews it, and its owner is told.
 */
export function createReportsService(deps: { db: Db; limiter: RateLimiter; posts: PostsService; notifications: NotificationsService }) {
  const repo = createReportsRepository(deps.db);

  return {
    async report(actor: Actor, input: ReportInput): Promise<{ id: string; postId: string; status: 'pending' }> {
      assertAllowed(canReport(actor));
      assertAllowed(actsAsSelf(actor, input.reporterId));
      await deps.limiter.hit(`reports:${actor.address}`, REPORT_RATE);
      const post = await deps.posts.visible(actor, input.postId);
      const reporterKey = actor.userId ? `u:${actor.userId}` : actor.sessionId ? `s:${actor.sessionId}` : `a:${actor.address}`;
      const id = await repo.insert({ postId: post.row.id, reporterId: actor.userId, reporterKey, reason: input.reason, description: input.description });
      if (!id) throw conflict(REPORT_MESSAGES.already);
      if (actor.userId && post.row.hiddenAt === null && (await repo.openMemberReporters(post.row.id)) >= HIDE_AFTER_REPORTS) {
        const hidden = await deps.posts.hideByReports(post.row.id);
        if (hidden?.userId) await deps.notifications.notify(hidden.userId, 'post_hidden', { postId: hidden.id, postTitle: hidden.title });
      }
      return { id, postId: post.row.id, status: 'pending' };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
