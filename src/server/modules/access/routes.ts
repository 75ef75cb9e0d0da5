import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KINDNESS, OWNER_ACCESS } from '../../../domain/access';
import type { AccessService } from './service';

const VerifyAdminInput = z.object({ password: z.string().min(1, 'Please enter the password.').max(200) });

/**
 * POST /api/grant-kindness-access and POST /api/verify-admin (spec §7). What they give is held by
 * the member, or by a guest's session: a guest without one gets one first (DECISIONS 5).
 */
export const accessRoutes: FastifyPluginAsyncZod<{ access: AccessService }> = async (app, { access }) => {
  app.post(
    '/grant-kindness-access',
    { schema: { response: { 200: z.object({ success: z.literal(true), message: z.string(), endsAt: z.string() }) } } },
    async (request, reply) => {
      await app.startGuestSession(request, reply, { needs: true });
      const { endsAt } = await access.kindness(request.actor);
      return { success: true as const, message: KINDNESS.granted, endsAt: endsAt.toISOString() };
    },
  );

  app.post(
    '/verify-admin',
    { schema: { body: VerifyAdminInput, response: { 200: z.object({ success: z.literal(true), message: z.string() }) } } },
    async (request, reply) => {
      await app.startGuestSession(request, reply, { needs: true });
      await access.verifyOwner(request.actor, request.body.password);
      return { success: true as const, message: OWNER_ACCESS.granted };
    },
  );
};
