import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InviteInput, REFERRAL_MESSAGES, Referral, ReferralSummary } from '../../../domain/referrals';
import { siteOrigin } from '../../lib/origin';
import type { ReferralsService } from './service';

/** /api/referrals (spec §7): the member's referrals, their card, and invitations by mail. */
export const referralsRoutes: FastifyPluginAsyncZod<{ referrals: ReferralsService }> = async (app, { referrals }) => {
  app.get('/', { schema: { response: { 200: z.array(Referral) } } }, async (request) => referrals.list(request.actor));

  app.get('/summary', { schema: { response: { 200: ReferralSummary } } }, async (request) =>
    referrals.summary(request.actor, siteOrigin(request, app.config.PUBLIC_URL)),
  );

  app.post('/invite', { schema: { body: InviteInput, response: { 200: z.object({ message: z.string() }) } } }, async (request) => {
    await referrals.invite(request.actor, request.body);
    return { message: REFERRAL_MESSAGES.inviteSent };
  });
};
