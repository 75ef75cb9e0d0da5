import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../src/domain/payments';
import { createStripeProvider } from '../../src/server/modules/payments/providers/stripe';
import { as, metMidway, registerMember, sessionCookie, useTestApp, type Member } from './helpers';
import { createPost, VALID_POST } from './posts-helpers';

/**
 * Stripe (issue 16; docs/decisions/0080) with Stripe's own SDK, its HTTP answered from recorded
 * responses on this machine (never the network) and its webhooks signed with the SDK's
 * generateTestHeaderString: a grant only on a verified confirmation, once.
 */
const WEBHOOK_SECRET = 'whsec_test_secret_for_this_machine';
const stripe = new Stripe('sk_test_local');

/** What Stripe would answer, by path: PaymentIntents and Checkout sessions, kept like Stripe keeps them. */
const objects = new Map<string, Record<string, unknown>>();
const requests: Array<{ method: string; path: string; idempotencyKey: string | null }> = [];
let created = 0;

function recorded(method: string, path: string, form: URLSearchParams): Record<string, unknown> {
  const metadata = { paymentId: form.get('metadata[paymentId]'), product: form.get('metadata[product]') };
  if (method === 'POST' && path === '/v1/payment_intents') {
    const id = `pi_test_${++created}`;
    const amount = Number(form.get('amount'));
    const pi = { id, object: 'payment_intent', amount, amount_received: 0, currency: form.get('currency'), status: 'requires_payment_method', client_secret: `${id}_secret_abc`, metadata };
    objects.set(id, pi);
    return pi;
  }
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const id = `cs_test_${++created}`;
    const session = {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
      currency: form.get('line_items[0][price_data][currency]'),
      client_reference_id: form.get('client_reference_id'),
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.get('success_url'),
      metadata,
    };
    objects.set(id, session);
    return session;
  }
  const found = method === 'GET' ? objects.get(path.split('/').at(-1)!) : undefined;
  if (found) return found;
  throw new Error(`no recorded response for ${method} ${path}`);
}

/** Stripe's answers by idempotency key: a request sent again with its key gets the first answer, as from Stripe. */
const answered = new Map<string, Record<string, unknown>>();

const httpClient = Stripe.createFetchHttpClient(async (input, init) => {
  const url = new URL(String(input));
  const method = init?.method ?? 'GET';
  const headers = new Headers(init?.headers as HeadersInit);
  const idempotencyKey = headers.get('idempotency-key');
  requests.push({ method, path: url.pathname, idempotencyKey });
  const body = (idempotencyKey && answered.get(idempotencyKey)) || recorded(method, url.pathname, new URLSearchParams(typeof init?.body === 'string' ? init.body : ''));
  if (idempotencyKey) answered.set(idempotencyKey, body);
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
});

const ctx = useTestApp(
  { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_PUBLISHABLE_KEY: 'pk_test_local', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  { providers: { card: createStripeProvider({ secretKey: 'sk_test_local', webhookSecret: WEBHOOK_SECRET, httpClient }), paypal: null } },
);

let member: Member;
beforeAll(async () => {
  member = await registerMember(ctx.app);
  // Past the trial: what a payment gives shows.
  await ctx.database.db.execute(`UPDATE grants SET ends_at = now() - interval '1 second' WHERE kind = 'trial'`);
});

let eventCount = 0;
/** A webhook as Stripe sends it, signed with the secret (or another), `type` about `object`. */
function webhook(type: string, object: Record<string, unknown>, opts: { secret?: string; id?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({ id: opts.id ?? `evt_test_${++eventCount}`, object: 'event', type, data: { object } });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp });
  return ctx.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
}
const me = async () => (await ctx.app.inject(as(member.cookie, { method: 'GET', url: '/api/auth/me' }))).json();
const lifetimes = async () => (await me()).grants.filter((g: { kind: string }) => g.kind === 'lifetime').length;

async function startLifetime() {
  const res = await ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/create-one-time-payment', payload: { type: 'lifetime' } }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { clientSecret: string; paymentId: string; demoMode: boolean; receipt: null };
}

describe("the page's CSP with Stripe set up (docs/decisions/0082)", () => {
  it("lets Stripe.js, its card frames and its API in, and nothing of PayPal's", async () => {
    const csp = (await ctx.app.inject({ method: 'GET', url: '/uploads/none.webp' })).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).not.toContain('paypal');
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/none.webp' })).headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it("lets Stripe's frames ask for payment (the Payment Element's Apple Pay and Google Pay), and nothing else more", async () => {
    const policy = (await ctx.app.inject({ method: 'GET', url: '/uploads/none.webp' })).headers['permissions-policy'];
    expect(policy).toBe(
      'camera=(), display-capture=(), geolocation=(self), microphone=(), midi=(), payment=(self "https://js.stripe.com" "https://*.js.stripe.com"), usb=()',
    );
  });
});

describe('the card form (PaymentIntent)', () => {
  it('answers the client secret, nothing granted yet, with an idempotency key from the payment', async () => {
    const started = await startLifetime();
    expect(started).toMatchObject({ demoMode: false, receipt: null, clientSecret: expect.stringMatching(/^pi_test_\d+_secret_/) });
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: `payment-intent-${started.paymentId}` });
    expect(await lifetimes()).toBe(0);
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/payments/config' })).json();
    expect(config).toMatchObject({ demoMode: false, card: 'stripe', paypal: null, stripePublishableKey: 'pk_test_local' });
  });

  it('grants on a signed payment_intent.succeeded once; a replayed event grants nothing more', async () => {
    const started = await startLifetime();
    const pi = objects.get(started.clientSecret.split('_secret_')[0]!)!;
    const succeeded = { ...pi, status: 'succeeded', amount_received: 999 };
    const res = await webhook('payment_intent.succeeded', succeeded, { id: 'evt_once' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await lifetimes()).toBe(1);
    expect((await me()).subscriptionStatus).toBe('active');
    expect((await webhook('payment_intent.succeeded', succeeded, { id: 'evt_once' })).statusCode).toBe(200);
    expect((await webhook('payment_intent.succeeded', succeeded)).statusCode).toBe(200);
    expect(await lifetimes()).toBe(1);
    const receipts = (await ctx.app.inject(as(member.cookie, { method: 'GET', url: '/api/payments/receipts' }))).json();
    expect(receipts[0]).toMatchObject({ description: 'Lifetime Access', amount: 9.99, transactionId: pi.id, demo: false });
  });

  it('refuses a bad signature or an old one with 400 and grants nothing', async () => {
    await ctx.database.db.execute(`DELETE FROM grants WHERE kind = 'lifetime'`);
    await ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/auth/logout' }));
    member = { ...member, cookie: (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } })).headers['set-cookie']!.toString().split(';')[0]! };
    const started = await startLifetime();
    const pi = { ...objects.get(started.clientSecret.split('_secret_')[0]!)!, status: 'succeeded', amount_received: 999 };
    const forged = await webhook('payment_intent.succeeded', pi, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/^Webhook refused/);
    const stale = await webhook('payment_intent.succeeded', pi, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: JSON.stringify({ id: 'evt_x', type: 'payment_intent.succeeded', data: { object: pi } }), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    expect(await lifetimes()).toBe(0);
  });

  it('grants nothing for a failed or cancelled payment, nor for another amount', async () => {
    const started = await startLifetime();
    const pi = objects.get(started.clientSecret.split('_secret_')[0]!)!;
    expect((await webhook('payment_intent.payment_failed', { ...pi, status: 'requires_payment_method' })).statusCode).toBe(200);
    expect((await webhook('payment_intent.canceled', { ...pi, status: 'canceled' })).statusCode).toBe(200);
    const state = (await ctx.app.inject(as(member.cookie, { method: 'GET', url: `/api/payments/${started.paymentId}` }))).json();
    expect(state).toMatchObject({ status: 'cancelled', receipt: null });
    const other = await startLifetime();
    const cheap = objects.get(other.clientSecret.split('_secret_')[0]!)!;
    expect((await webhook('payment_intent.succeeded', { ...cheap, status: 'succeeded', amount: 1, amount_received: 1 })).statusCode).toBe(200);
    expect(await lifetimes()).toBe(0);
  });

  it('acknowledges an event it does not act on with 200', async () => {
    const res = await webhook('customer.created', { id: 'cus_1', object: 'customer' });
    expect(res.statusCode).toBe(200);
  });

  it('confirms by asking Stripe when the page comes back before the webhook', async () => {
    const started = await startLifetime();
    const id = started.clientSecret.split('_secret_')[0]!;
    const pending = (await ctx.app.inject(as(member.cookie, { method: 'GET', url: `/api/payments/${started.paymentId}` }))).json();
    expect(pending.status).toBe('pending');
    objects.set(id, { ...objects.get(id)!, status: 'succeeded', amount_received: 999 });
    const paid = (await ctx.app.inject(as(member.cookie, { method: 'GET', url: `/api/payments/${started.paymentId}` }))).json();
    expect(paid).toMatchObject({ status: 'paid', receipt: { transactionId: id } });
    expect(await lifetimes()).toBe(1);
  });
});

describe('the posting fee (Checkout)', () => {
  it('sends a guest to Stripe Checkout and grants posting on checkout.session.completed', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/create-posting-checkout', payload: { postType: 'skids' }, remoteAddress: '10.63.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ alreadyPaid: false, demoMode: false, sessionId: expect.stringMatching(/^cs_test_/), url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    const session = objects.get(body.sessionId)!;
    expect(session.success_url).toBe(`http://localhost:80/?posting_success=true&type=skids&payment=${body.paymentId}`);
    const cookie = res.headers['set-cookie']!.toString().split(';')[0]!;
    expect((await createPost(ctx.app, cookie, { ...VALID_POST })).statusCode).toBe(401);
    expect((await webhook('checkout.session.completed', { ...session, payment_status: 'paid', status: 'complete' })).statusCode).toBe(200);
    expect((await createPost(ctx.app, cookie, { ...VALID_POST })).statusCode).toBe(201);
  });
});

describe('a payment started twice (a double click, two tabs)', () => {
  const start = (cookie: string, url: string, payload: object) => ctx.app.inject(as(cookie, { method: 'POST', url, payload }));
  const pending = async (ids: string[]) =>
    (await ctx.database.pool.query(`SELECT id FROM payments WHERE status = 'pending' AND id = ANY($1::uuid[])`, [ids])).rows.length;

  it('opens the same card payment for a day pass started again a moment later: one PaymentIntent, charged once', async () => {
    const buyer = await registerMember(ctx.app);
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push((await start(buyer.cookie, '/api/create-one-time-payment', { type: 'day' })).json());
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0].clientSecret).toMatch(/^pi_test_/);
    expect(await pending(answers.map((a) => a.paymentId))).toBe(1);
  });

  it('answers 409 to one started while the same is being opened at Stripe: one payment', async () => {
    const buyer = await registerMember(ctx.app);
    const day = () => start(buyer.cookie, '/api/create-one-time-payment', { type: 'day' });
    // The first is held as it records the PaymentIntent Stripe opened, while the second starts.
    const [first, second] = await metMidway(ctx, { table: 'payments', when: 'AFTER UPDATE' }, day, day);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toEqual({ message: PAYMENT_MESSAGES.startedElsewhere });
    expect((await day()).json()).toEqual(first.json());
  });

  it('sends a guest who starts the posting fee again to the same Checkout', async () => {
    const guest = sessionCookie(await ctx.app.inject({ method: 'GET', url: '/api/session' }));
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push((await start(guest, '/api/create-posting-checkout', { postType: 'fruit' })).json());
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0].url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(await pending(answers.map((a) => a.paymentId))).toBe(1);
  });
});
