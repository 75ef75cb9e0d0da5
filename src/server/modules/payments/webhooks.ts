import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors';
import type { CardProvider, PayPalProvider, ProviderEvent } from './providers/types';
import { ProviderFailed, WebhookRefused } from './providers/types';
import type { PaymentsService } from './service';

/** The largest webhook body read (Stripe's and PayPal's events are a few KB). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /api/webhooks/stripe and /api/webhooks/paypal (docs/decisions/0080): the raw body, so the
 * signature can be checked; a bad signature is 400 and does nothing; an event already acted on,
 * or one this product does not act on, is acknowledged with 200.
 */
export const webhookRoutes: FastifyPluginAsync<{ payments: PaymentsService; card: CardProvider | null; paypal: PayPalProvider | null }> = async (
  app,
  { payments, card, paypal },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  async function receive(provider: 'stripe' | 'paypal', read: (raw: Buffer) => Promise<ProviderEvent>, raw: unknown) {
    if (!Buffer.isBuffer(raw)) throw new AppError('BAD_REQUEST', 'The webhook has no body.');
    let event: ProviderEvent;
    try {
      event = await read(raw);
    } catch (err) {
      if (err instanceof WebhookRefused) {
        app.log.warn({ provider, reason: err.message }, 'a webhook was refused');
        throw new AppError('BAD_REQUEST', `Webhook refused: ${err.message}`);
      }
      if (err instanceof ProviderFailed) throw new AppError('BAD_GATEWAY', 'The signature could not be checked with the provider.', { cause: err });
      throw err;
    }
    if (event.outcome) await payments.settle(provider, event.outcome, { id: event.id, type: event.type });
    return { received: true };
  }

  app.post('/stripe', async (request) => {
    if (!card) throw new AppError('NOT_FOUND', 'Stripe is not set up on this server.');
    return receive('stripe', (raw) => card.readWebhook(raw, request.headers), request.body);
  });

  app.post('/paypal', async (request) => {
    if (!paypal) throw new AppError('NOT_FOUND', 'PayPal is not set up on this server.');
    return receive('paypal', (raw) => payments.verifiedPayPalWebhook(request.actor, () => paypal.readWebhook(raw, request.headers)), request.body);
  });
};
