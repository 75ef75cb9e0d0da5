import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReportInput } from '../../../domain/reports';
import type { ReportsService } from './service';

const Report = z.object({ id: z.string(), postId: z.string(), status: z.literal('pending') });

/** POST /api/posts/report (spec §7). */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post('/api/posts/report', { schema: { body: ReportInput, response: { 201: Report } } }, async (request, reply) =>
    reply.code(201).send(await reports.report(request.actor, request.body)),
  );
};
