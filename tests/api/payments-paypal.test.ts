import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../src/domain/payments';
import { createPayPalProvider } from '../../src/server/modules/payments/providers/paypal';
import { PAYMENT_RATE } from '../../src/server/modules/payments/rate';
import { as, registerMember, sessionCookie, useTestApp, type Member } from './helpers';
import { callerChanged } from './posts-helpers';

/**
 * PayPal (issue 16; docs/decisions/0080) through its REST API, answered here from recorded
 * responses (never the network): orders at the server's price, captured once, webhooks verified
 * by PayPal's verify-webhook-signature.
 */
interface Order {
  id: string;
  status: string;
  purchase_units: Array<{ custom_id: string; amount: { currency_code: string; value: string }; payments?: { captures: object[] } }>;
  links: Array<{ rel: string; href: string }>;
}
const orders = new Map<string, Order>();
/** The order each PayPal-Request-Id created. */
const created = new Map<string, string>();
const calls: string[] = [];
let tokens = 0;

function answer(status: number, body: object): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function paypalApi(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  const method = init?.method ?? 'GET';
  calls.push(`${method} ${url.pathname}`);
  expect(url.origin).toBe('https://api-m.sandbox.paypal.com');
  const body = typeof init?.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : {};
  if (url.pathname === '/v1/oauth2/token') return answer(200, { access_token: `A21.token.${++tokens}`, token_type: 'Bearer', expires_in: 32400 });
  if (url.pathname === '/v1/identity/generate-token') return answer(200, { client_token: 'client-token-recorded', expires_in: 3600 });
  if (url.pathname === '/v1/notifications/verify-webhook-signature')
    return answer(200, { verification_status: body.transmission_sig === 'good-signature' && body.webhook_id === 'WH-TEST' ? 'SUCCESS' : 'FAILURE' });
  if (method === 'POST' && url.pathname === '/v2/checkout/orders') {
    // The same PayPal-Request-Id again is the same order, as PayPal answers it.
    const again = orders.get(created.get(new Headers(init?.headers as HeadersInit).get('paypal-request-id') ?? '') ?? '');
    if (again) return answer(200, again);
    const id = `5O190127TN36471${orders.size}`;
    const order: Order = {
      id,
      status: 'CREATED',
      purchase_units: body.purchase_units,
      links: [{ rel: 'approve', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}` }],
    };
    orders.set(id, order);
    created.set(new Headers(init?.headers as HeadersInit).get('paypal-request-id') ?? id, id);
    return answer(201, order);
  }
  const [, , , , id, action] = url.pathname.split('/');
  const order = orders.get(id ?? '');
  if (!order) return answer(404, { name: 'RESOURCE_NOT_FOUND' });
  if (method === 'GET') return answer(200, order);
  if (action === 'capture') {
    if (order.status === 'COMPLETED') return answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
    if (order.status !== 'APPROVED') return answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
    const unit = order.purchase_units[0]!;
    order.status = 'COMPLETED';
    unit.payments = { captures: [{ id: `CAP-${id}`, status: 'COMPLETED', amount: unit.amount, custom_id: unit.custom_id }] };
    return answer(201, order);
  }
  return answer(400, { name: 'INVALID_REQUEST' });
}

/** The payer approves the order in PayPal's window. */
const approve = (id: string) => (orders.get(id)!.status = 'APPROVED');

const ctx = useTestApp(
  { PAYPAL_CLIENT_ID: 'client-id-test', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-TEST' },
  { providers: { card: null, paypal: createPayPalProvider({ clientId: 'client-id-test', clientSecret: 'secret', mode: 'sandbox', webhookId: 'WH-TEST', fetch: paypalApi }) } },
);

let member: Member;
beforeAll(async () => {
  member = await registerMember(ctx.app);
  await ctx.database.db.execute(`UPDATE grants SET ends_at = now() - interval '1 second' WHERE kind = 'trial'`);
  await callerChanged(ctx, { userId: member.id });
});

describe("the page's CSP with PayPal set up (docs/decisions/0082)", () => {
  it("lets PayPal's SDK, its buttons' frames and its API in, and nothing of Stripe's", async () => {
    const csp = (await ctx.app.inject({ method: 'GET', url: '/uploads/none.webp' })).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://*.paypal.com https://*.paypalobjects.com");
    expect(csp).toContain("frame-src 'self' https://*.paypal.com");
    expect(csp).toContain("connect-src 'self' https://*.paypal.com");
    expect(csp).not.toContain('stripe');
  });

  it("keeps the pop-up of PayPal's buttons in touch with the page", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/none.webp' });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it("lets PayPal's frames ask for payment, and nothing of Stripe's", async () => {
    const policy = (await ctx.app.inject({ method: 'GET', url: '/uploads/none.webp' })).headers['permissions-policy'];
    expect(policy).toContain('payment=(self "https://*.paypal.com")');
    expect(policy).toContain('camera=()');
    expect(policy).not.toContain('stripe');
  });
});

const post = (url: string, payload?: object) => ctx.app.inject(as(member.cookie, { method: 'POST', url, payload }));
const lifetimes = async () =>
  (await ctx.app.inject(as(member.cookie, { method: 'GET', url: '/api/auth/me' }))).json().grants.filter((g: { kind: string }) => g.kind === 'lifetime').length;

let events = 0;
function webhook(eventType: string, order: Order, signature = 'good-signature') {
  const unit = order.purchase_units[0]!;
  const event = {
    id: `WH-EVENT-${++events}`,
    event_type: eventType,
    resource: { id: `CAP-${order.id}`, status: 'COMPLETED', amount: unit.amount, custom_id: unit.custom_id, supplementary_data: { related_ids: { order_id: order.id } } },
  };
  const headers = {
    'content-type': 'application/json',
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
    'paypal-transmission-id': `tx-${events}`,
    'paypal-transmission-sig': signature,
    'paypal-transmission-time': new Date().toISOString(),
  };
  return {
    event,
    headers,
    send: (remoteAddress?: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/webhooks/paypal', payload: JSON.stringify(event), headers, ...(remoteAddress ? { remoteAddress } : {}) }),
  };
}

describe('PayPal orders', () => {
  it('gives the client token, and creates an order at the server’s price without calling PayPal before', async () => {
    expect(calls).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/paypal/setup' })).json()).toEqual({ clientToken: 'client-token-recorded', clientId: 'client-id-test', demoMode: false });
    const res = await post('/paypal/order', { amount: '9.99', currency: 'USD', intent: 'CAPTURE' });
    expect(res.statusCode, res.body).toBe(200);
    const order = orders.get(res.json().id)!;
    expect(order.purchase_units[0]!.amount).toEqual({ currency_code: 'USD', value: '9.99' });
    expect(await lifetimes()).toBe(0);
  });

  it('asks PayPal for client tokens at most 30 times an hour per address, then answers 429 with the retry time', async () => {
    const asked = () => calls.filter((c) => c === 'POST /v1/identity/generate-token').length;
    const before = asked();
    const setup = () => ctx.app.inject({ method: 'GET', url: '/paypal/setup', remoteAddress: '10.88.0.1' });
    for (let i = 0; i < PAYMENT_RATE.limit; i++) expect((await setup()).statusCode).toBe(200);
    const refused = await setup();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(asked() - before).toBe(PAYMENT_RATE.limit);
    expect((await ctx.app.inject({ method: 'GET', url: '/paypal/setup', remoteAddress: '10.88.0.2' })).statusCode).toBe(200);
  });

  it('grants when the approved order is captured, once', async () => {
    const { id } = (await post('/paypal/order', { type: 'lifetime' })).json();
    const early = await post(`/paypal/order/${id}/capture`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: PAYMENT_MESSAGES.notApproved });
    expect(await lifetimes()).toBe(0);
    approve(id);
    const captured = await post(`/paypal/order/${id}/capture`);
    expect(captured.json()).toMatchObject({ status: 'paid', receipt: { description: 'Lifetime Access', amount: 9.99, transactionId: id, demo: false } });
    expect(await lifetimes()).toBe(1);
    expect((await post(`/paypal/order/${id}/capture`)).json().status).toBe('paid');
    expect(await lifetimes()).toBe(1);
  });

  it('grants on a verified PAYMENT.CAPTURE.COMPLETED webhook once; a replay or a bad signature grants nothing', async () => {
    await ctx.database.db.execute(`DELETE FROM grants WHERE kind = 'lifetime'`);
    await callerChanged(ctx, { userId: member.id });
    const { id } = (await post('/paypal/order', { type: 'lifetime' })).json();
    const order = orders.get(id)!;
    const forged = webhook('PAYMENT.CAPTURE.COMPLETED', order, 'forged');
    expect((await forged.send()).statusCode).toBe(400);
    expect(await lifetimes()).toBe(0);
    const real = webhook('PAYMENT.CAPTURE.COMPLETED', order);
    expect((await real.send()).statusCode).toBe(200);
    expect((await real.send()).statusCode).toBe(200);
    expect((await webhook('PAYMENT.CAPTURE.COMPLETED', order).send()).statusCode).toBe(200);
    expect(await lifetimes()).toBe(1);
    expect((await webhook('CHECKOUT.ORDER.APPROVED', order).send()).statusCode).toBe(200);
  });
});

describe("PayPal's webhook, which anyone may call", () => {
  const verifications = () => calls.filter((c) => c === 'POST /v1/notifications/verify-webhook-signature').length;
  // An order the events name; nothing here is acted on (a forged event is refused, an approval is only acknowledged).
  const order: Order = {
    id: 'ORDER-WEBHOOK-LIMIT',
    status: 'CREATED',
    purchase_units: [{ custom_id: '00000000-0000-4000-8000-000000000000', amount: { currency_code: 'USD', value: '3.00' } }],
    links: [],
  };

  it("refuses a body without PayPal's transmission headers at once, without asking PayPal", async () => {
    const before = verifications();
    const { event } = webhook('PAYMENT.CAPTURE.COMPLETED', order);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/webhooks/paypal', payload: JSON.stringify(event), headers: { 'content-type': 'application/json' }, remoteAddress: '10.89.1.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Webhook refused: No paypal-auth-algo header' });
    expect(verifications()).toBe(before);
  });

  it("asks PayPal to verify at most 600 an hour per address, then answers 429 with the retry time; PayPal's own verified deliveries do not count", async () => {
    const address = '10.89.0.1';
    const before = verifications();
    // Deliveries PayPal verifies are taken back: a busy day of real events never meets the limit.
    for (let i = 0; i < 5; i++) expect((await webhook('CHECKOUT.ORDER.APPROVED', order).send(address)).statusCode).toBe(200);
    const forged = webhook('PAYMENT.CAPTURE.COMPLETED', order, 'forged');
    for (let i = 0; i < 600; i++) expect((await forged.send(address)).statusCode).toBe(400);
    expect(verifications() - before).toBe(605);
    const refused = await forged.send(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many unverified webhooks\. Please try again in \d+ minutes?\.$/);
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(verifications() - before).toBe(605);
    // Past the limit, a real one from that address waits too (PayPal delivers it again later); other addresses do not.
    expect((await webhook('CHECKOUT.ORDER.APPROVED', order).send(address)).statusCode).toBe(429);
    expect((await webhook('CHECKOUT.ORDER.APPROVED', order).send('10.89.0.2')).statusCode).toBe(200);
  });
});

describe('the posting fee through PayPal (no card provider)', () => {
  it('sends the payer to PayPal and back; the return captures and opens the form with posting_success', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/create-posting-checkout', payload: { postType: 'fruit' }, remoteAddress: '10.64.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    const { url, sessionId, paymentId } = res.json();
    expect(url).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${sessionId}`);
    const cookie = res.headers['set-cookie']!.toString().split(';')[0]!;
    approve(sessionId);
    const back = await ctx.app.inject({ method: 'GET', url: `/paypal/return?payment=${paymentId}&token=${sessionId}`, headers: { cookie } });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/?posting_success=true&type=fruit&payment=${paymentId}`);
    const session = (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json();
    expect(session.grants.map((g: { kind: string }) => g.kind)).toEqual(['posting']);
  });
});

describe('a PayPal payment started twice (a double click, two tabs)', () => {
  const twice = async (cookie: string, url: string, payload: object) => {
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(await ctx.app.inject(as(cookie, { method: 'POST', url, payload })));
    return answers;
  };

  it('opens the same order again a moment later: both buttons capture it, and it is charged once', async () => {
    const buyer = await registerMember(ctx.app);
    const [first, second] = await twice(buyer.cookie, '/paypal/order', { type: 'day' });
    expect(first!.statusCode, first!.body).toBe(200);
    expect(second!.json()).toEqual(first!.json());
    approve(first!.json().id);
    const captures = await Promise.all([first!, second!].map((o) => ctx.app.inject(as(buyer.cookie, { method: 'POST', url: `/paypal/order/${o.json().id}/capture` }))));
    expect(captures.map((c) => c.json().status)).toEqual(['paid', 'paid']);
    expect((await ctx.app.inject(as(buyer.cookie, { method: 'GET', url: '/api/payments/receipts' }))).json()).toHaveLength(1);
  });

  it('sends a guest who starts the posting fee again to the same order', async () => {
    const guest = sessionCookie(await ctx.app.inject({ method: 'GET', url: '/api/session' }));
    const [first, second] = await twice(guest, '/api/create-posting-checkout', { postType: 'skids' });
    expect(first!.statusCode, first!.body).toBe(200);
    expect(second!.json()).toEqual(first!.json());
    const { rows } = await ctx.database.pool.query(`SELECT count(*)::int AS n FROM payments WHERE product = 'posting' AND provider_ref = $1`, [first!.json().sessionId]);
    expect(rows).toEqual([{ n: 1 }]);
  });
});
