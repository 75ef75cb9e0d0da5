import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReport,
  AdminReportsQuery,
  AdminStats,
  AdminVerificationRequest,
  AdminVerificationsQuery,
  AuditPage,
  AuditQuery,
  CasesPage,
  CasesQuery,
  DecideReportInput,
  DecideVerificationInput,
  MemberSuspension,
  RevokeBadgeInput,
  SuspendInput,
  LiftSuspensionInput,
} from '../../../domain/admin';
import { canModerate } from '../../../domain/policy';
import { VerificationRequest } from '../../../domain/verification';
import { assertAllowed } from '../../errors';
import type { AdminService } from './service';
import { IdParams } from '../../../domain/id-schemas';

/**
 * /api/admin/* (spec §7, DECISIONS 3, issue 19). Every route asks the policy before anything else,
 * a body's validation included: a guest gets 401, a member who is not an admin 403.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  app.addHook('onRequest', async (request) => assertAllowed(canModerate(request.actor)));

  app.get('/stats', { schema: { response: { 200: AdminStats } } }, async (request) => admin.stats(request.actor));

  app.get('/reports', { schema: { querystring: AdminReportsQuery, response: { 200: z.array(AdminReport) } } }, async (request) =>
    admin.reports(request.actor, request.query),
  );

  app.get('/report-cases', { schema: { querystring: CasesQuery, response: { 200: CasesPage } } }, async (request) => admin.cases(request.actor, request.query));

  app.patch('/reports/:id', { schema: { params: IdParams, body: DecideReportInput, response: { 200: AdminReport } } }, async (request) =>
    admin.decideReport(request.actor, request.params.id, request.body),
  );

  app.get(
    '/verification-requests',
    { schema: { querystring: AdminVerificationsQuery, response: { 200: z.array(AdminVerificationRequest) } } },
    async (request) => admin.verifications(request.actor, request.query),
  );

  app.patch(
    '/verification-requests/:id',
    { schema: { params: IdParams, body: DecideVerificationInput, response: { 200: VerificationRequest } } },
    async (request) => admin.decideVerification(request.actor, request.params.id, request.body),
  );

  app.delete('/users/:id/verification', { schema: { params: IdParams, body: RevokeBadgeInput } }, async (request, reply) => {
    await admin.revokeBadge(request.actor, request.params.id, request.body.reviewNotes);
    return reply.code(204).send();
  });

  app.post('/users/:id/suspend', { schema: { params: IdParams, body: SuspendInput, response: { 200: MemberSuspension } } }, async (request) =>
    admin.suspend(request.actor, request.params.id, request.body),
  );

  app.delete('/users/:id/suspend', { schema: { params: IdParams, body: LiftSuspensionInput, response: { 200: MemberSuspension } } }, async (request) =>
    admin.lift(request.actor, request.params.id, request.body.reviewNotes),
  );

  app.get('/audit-log', { schema: { querystring: AuditQuery, response: { 200: AuditPage } } }, async (request) => admin.auditLog(request.actor, request.query));
};
