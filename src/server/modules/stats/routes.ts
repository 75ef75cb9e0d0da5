import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Analytics, AnalyticsQuery, CommunityFigures, Impact, SearchInput, ViewsInput } from '../../../domain/stats';
import type { StatsService } from './service';

/** The home page's figures, views and searches, a member's impact and analytics (issue 20; docs/decisions/0086). */
export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (app, { stats }) => {
  app.jobs.add({ name: 'home-figures', everyMs: 60_000, run: () => stats.refreshFigures() });

  app.get('/api/community', { schema: { response: { 200: CommunityFigures } } }, async () => stats.community());

  app.post('/api/views', { schema: { body: ViewsInput, response: { 200: z.object({ counted: z.number().int() }) } } }, async (request) => ({
    counted: await stats.recordViews(request.actor, request.body.postIds),
  }));

  app.post('/api/searches', { schema: { body: SearchInput } }, async (request, reply) => {
    await stats.recordSearch(request.actor, request.body);
    return reply.code(204).send();
  });

  app.get('/api/user/impact', { schema: { response: { 200: Impact } } }, async (request) => stats.impact(request.actor));

  app.get('/api/user/analytics', { schema: { querystring: AnalyticsQuery, response: { 200: Analytics } } }, async (request) =>
    stats.analytics(request.actor, request.query.range),
  );
};
