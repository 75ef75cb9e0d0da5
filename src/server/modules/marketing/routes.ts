import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CampaignReport, MarketingOverview, MarketingPreview, PreviewQuery, VisitInput } from '../../../domain/marketing';
import type { MarketingService } from './service';

/** The Marketing Command Center's calls (admins only) and the campaign visits the web app reports (docs/decisions/0087). */
export const marketingRoutes: FastifyPluginAsyncZod<{ marketing: MarketingService }> = async (app, { marketing }) => {
  app.post('/api/visits', { schema: { body: VisitInput, response: { 200: z.object({ counted: z.boolean() }) } } }, async (request) => ({
    counted: await marketing.recordVisit(request.actor, request.body),
  }));

  app.get('/api/admin/marketing/overview', { schema: { response: { 200: MarketingOverview } } }, async (request) => marketing.overview(request.actor));

  app.get('/api/admin/marketing/preview', { schema: { querystring: PreviewQuery, response: { 200: MarketingPreview } } }, async (request) =>
    marketing.preview(request.actor, request.query.audience),
  );

  app.get('/api/admin/marketing/campaigns', { schema: { response: { 200: CampaignReport } } }, async (request) => marketing.report(request.actor));
};
