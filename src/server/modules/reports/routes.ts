import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReportAnswer, ReportInput } from '../../../domain/reports';
import type { ReportsService } from './service';

/** POST /api/posts/report (spec §7): 201 for a new report, 200 for one the reporter had filed already. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post('/api/posts/report', { schema: { body: ReportInput, response: { 200: ReportAnswer, 201: ReportAnswer } } }, async (request, reply) => {
    const answer = await reports.report(request.actor, request.body);
    return reply.code(answer.alreadyReported ? 200 : 201).send(answer);
  });
};
