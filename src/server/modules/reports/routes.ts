import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../domain/id-schemas';
import { MyReport, ReportAnswer, ReportInput } from '../../../domain/reports';
import type { ReportsService } from './service';

/**
 * POST /api/posts/report (spec §7): 201 for a new report, 200 for one the reporter had filed
 * already; GET /api/posts/:id/report: whether the asker has (0148).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post('/api/posts/report', { schema: { body: ReportInput, response: { 200: ReportAnswer, 201: ReportAnswer } } }, async (request, reply) => {
    const answer = await reports.report(request.actor, request.body);
    return reply.code(answer.alreadyReported ? 200 : 201).send(answer);
  });

  app.get('/api/posts/:id/report', { schema: { params: IdParams, response: { 200: MyReport } } }, (request) => reports.mine(request.actor, request.params.id));
};
