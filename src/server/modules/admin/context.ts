import type { Actor } from '../../../domain/actor';
import { canModerate } from '../../../domain/policy';
import type { Db } from '../../db/client';
import { assertAllowed } from '../../errors';
import type { MembersService } from '../members/service';
import type { NotificationsService } from '../notifications/service';
import type { PostsService } from '../posts/service';
import type { ReportsService } from '../reports/service';
import type { VerificationsService } from '../verifications/service';
import type { AuditRepository } from './audit-repository';

/** What the admin's use cases work with: the areas they act on, through their services, and the log. */
export interface AdminContext {
  db: Db;
  posts: PostsService;
  members: MembersService;
  reports: ReportsService;
  verifications: VerificationsService;
  notifications: NotificationsService;
  audit: AuditRepository;
}

/** The acting admin (the policy's refusal otherwise): their id and name, for the log. */
export function adminOf(actor: Actor): { id: string; name: string } {
  assertAllowed(canModerate(actor));
  return { id: actor.userId!, name: actor.member?.username ?? 'admin' };
}
