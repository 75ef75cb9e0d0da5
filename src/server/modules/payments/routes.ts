import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OneTimePaymentInput,
  PaymentResponse,
  PaymentsConfig,
  PaymentState,
  PayPalOrderInput,
  PostingCheckoutInput,
  PostingCheckoutResponse,
  Receipt,
} from '../../../domain/payments';
import { siteOrigin } from '../../lib/origin';
import type { PaymentsService } from './service';

const IdParams = z.object({ id: z.string().max(100) });
const OrderParams = z.object({ orderId: z.string().max(100) });

/**
 * The payment calls of spec §7 and their companions (docs/decisions/0080). A guest who pays gets
 * a guest session first: what they buy is kept on it until they sign in (DECISIONS 25).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  const origin = (request: Parameters<typeof siteOrigin>[0]) => siteOrigin(request, app.config.PUBLIC_URL);

  app.post('/api/create-one-time-payment', { schema: { body: OneTimePaymentInput, response: { 200: PaymentResponse } } }, async (request, reply) => {
    await app.startGuestSession(request, reply, { needs: true });
    return payments.oneTime(request.actor, request.body);
  });

  app.post('/api/create-posting-checkout', { schema: { body: PostingCheckoutInput, response: { 200: PostingCheckoutResponse } } }, async (request, reply) => {
    await app.startGuestSession(request, reply, { needs: true });
    return payments.postingCheckout(request.actor, request.body, origin(request));
  });

  app.get('/api/payments/config', { schema: { response: { 200: PaymentsConfig } } }, async (request) => payments.config(request.actor));
  app.get('/api/payments/receipts', { schema: { response: { 200: z.array(Receipt) } } }, async (request) => payments.receipts(request.actor));
  app.get('/api/payments/:id', { schema: { params: IdParams, response: { 200: PaymentState } } }, async (request) =>
    payments.state(request.actor, request.params.id),
  );

  app.get('/paypal/setup', async (request) => payments.paypal.setup(request.actor));
  app.post('/paypal/order', { schema: { body: PayPalOrderInput } }, async (request, reply) => {
    await app.startGuestSession(request, reply, { needs: true });
    return payments.paypal.order(request.actor, request.body);
  });
  app.post('/paypal/order/:orderId/capture', { schema: { params: OrderParams, response: { 200: PaymentState } } }, async (request) =>
    payments.paypal.capture(request.actor, request.params.orderId),
  );
  app.get('/paypal/return', { schema: { querystring: z.object({ payment: z.string().max(100), token: z.string().max(100).optional() }) } }, async (request, reply) =>
    reply.redirect(await payments.paypal.returned(request.actor, request.query.payment)),
  );
};
