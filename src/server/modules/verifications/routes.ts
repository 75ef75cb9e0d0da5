import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VerificationRequest, VerificationRequestInput } from '../../../domain/verification';
import type { VerificationsService } from './service';

/** A member's own verification requests (DECISIONS 16); admins decide them under /api/admin. */
export const verificationsRoutes: FastifyPluginAsyncZod<{ verifications: VerificationsService }> = async (app, { verifications }) => {
  app.post('/', { schema: { body: VerificationRequestInput, response: { 201: VerificationRequest } } }, async (request, reply) =>
    reply.code(201).send(await verifications.request(request.actor, request.body)),
  );

  app.get('/', { schema: { response: { 200: z.array(VerificationRequest) } } }, async (request) => verifications.mine(request.actor));
};
