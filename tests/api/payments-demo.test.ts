import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../src/domain/payments';
import { as, registerMember, sessionCookie, useTestApp, warmPool } from './helpers';
import { createPost, VALID_POST } from './posts-helpers';

/**
 * Payments in demo mode (DECISIONS 9; docs/decisions/0080): no provider keys, so real payments,
 * grants and receipts, marked demo, and no money. The payer is always the session (DECISIONS 25).
 */
const ctx = useTestApp();

let addresses = 0;
const call = (cookie: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, remoteAddress: `10.61.0.${++addresses % 250}`, ...(cookie ? { headers: { cookie } } : {}) });
const me = async (cookie: string) => (await call(cookie, 'GET', '/api/auth/me')).json();

describe('the payment configuration', () => {
  it('says demo mode, the prices, and no keys', async () => {
    expect((await call(null, 'GET', '/api/payments/config')).json()).toEqual({
      demoMode: true,
      card: 'demo',
      paypal: 'demo',
      stripePublishableKey: null,
      paypalClientId: null,
      prices: { day: 3, lifetime: 9.99, posting: 3 },
      creditCents: 0,
    });
  });
});

describe('POST /api/create-one-time-payment', () => {
  it('sells a guest a day pass on a session of their own: a stored demo receipt, and every post', async () => {
    await createPost(ctx.app, (await registerMember(ctx.app)).cookie, { ...VALID_POST, title: 'One' });
    await createPost(ctx.app, (await registerMember(ctx.app)).cookie, { ...VALID_POST, title: 'Two' });
    const res = await call(null, 'POST', '/api/create-one-time-payment', { type: 'day' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ alreadyPaid: false, message: 'Payment Successful', demoMode: true, clientSecret: null, paymentId: expect.any(String) });
    expect(body.receipt).toEqual({
      description: '24-Hour Access',
      amount: 3,
      currency: 'USD',
      transactionId: expect.stringMatching(/^demo_/),
      timestamp: expect.any(String),
      demo: true,
      paidWithCredit: false,
    });
    const cookie = sessionCookie(res);
    expect((await call(cookie, 'GET', '/api/posts')).json().length).toBeGreaterThan(1);
    expect((await call(cookie, 'GET', '/api/payments/receipts')).json()).toEqual([body.receipt]);
    expect((await call(cookie, 'GET', `/api/payments/${body.paymentId}`)).json()).toMatchObject({ status: 'paid', product: 'day', receipt: body.receipt });
  });

  it('sells a member lifetime access: the badge reads Premium; a second time says Already Premium', async () => {
    const member = await registerMember(ctx.app);
    const res = await call(member.cookie, 'POST', '/api/create-one-time-payment', {});
    expect(res.json().receipt).toMatchObject({ description: 'Lifetime Access', amount: 9.99 });
    expect(await me(member.cookie)).toMatchObject({ subscriptionStatus: 'active', subscriptionEndsAt: null });
    const again = await call(member.cookie, 'POST', '/api/create-one-time-payment', { type: 'lifetime' });
    expect(again.json()).toMatchObject({ alreadyPaid: true, message: PAYMENT_MESSAGES.alreadyPaid, receipt: null });
    expect((await call(member.cookie, 'POST', '/api/create-one-time-payment', { type: 'day' })).json().alreadyPaid).toBe(true);
    expect((await call(member.cookie, 'GET', '/api/payments/receipts')).json()).toHaveLength(1);
  });

  it('sells lifetime access once when it is bought twice at once: the other says Already Premium', async () => {
    const member = await registerMember(ctx.app);
    await warmPool(ctx);
    const answers = await Promise.all([1, 2].map(() => call(member.cookie, 'POST', '/api/create-one-time-payment', { type: 'lifetime' })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().alreadyPaid).sort()).toEqual([false, true]);
    expect((await call(member.cookie, 'GET', '/api/payments/receipts')).json()).toHaveLength(1);
  });

  it('adds a second day pass after the first, so a pass bought early is not lost; not one a moment after (409)', async () => {
    const member = await registerMember(ctx.app);
    await ctx.database.db.execute(`UPDATE grants SET ends_at = now() - interval '1 second' WHERE kind = 'trial'`);
    await call(member.cookie, 'POST', '/api/create-one-time-payment', { type: 'day' });
    const soon = await call(member.cookie, 'POST', '/api/create-one-time-payment', { type: 'day' });
    expect(soon.statusCode).toBe(409);
    expect(soon.json()).toEqual({ message: PAYMENT_MESSAGES.dayPassJustBought });
    // A minute later, a second pass is bought on purpose.
    await ctx.database.pool.query(`UPDATE payments SET paid_at = paid_at - interval '61 seconds' WHERE user_id = $1`, [member.id]);
    expect((await call(member.cookie, 'POST', '/api/create-one-time-payment', { type: 'day' })).statusCode).toBe(200);
    const days = (await me(member.cookie)).grants.filter((g: { kind: string }) => g.kind === 'day');
    const ends = days.map((g: { endsAt: string }) => new Date(g.endsAt).getTime()).sort();
    expect(ends).toHaveLength(2);
    expect((ends[1] - ends[0]) / 3_600_000).toBeCloseTo(24, 1);
  });

  it('takes the payer from the session: another member’s id is refused with 403, bad input with 400', async () => {
    const member = await registerMember(ctx.app);
    const other = await registerMember(ctx.app);
    const res = await call(member.cookie, 'POST', '/api/create-one-time-payment', { userId: other.id, type: 'day' });
    expect(res.statusCode).toBe(403);
    expect((await call(member.cookie, 'POST', '/api/create-one-time-payment', { type: 'week' })).statusCode).toBe(400);
    expect((await call(member.cookie, 'GET', '/api/payments/receipts')).json()).toEqual([]);
    expect((await call(member.cookie, 'POST', '/api/create-one-time-payment', { userId: member.id, type: 'day' })).statusCode).toBe(200);
  });

  it('refuses to spend a credit the payer does not have', async () => {
    const res = await call(null, 'POST', '/api/create-one-time-payment', { type: 'day', useCredit: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PAYMENT_MESSAGES.noCredit });
  });
});

describe('POST /api/create-posting-checkout (Reading B)', () => {
  it('gives a guest posting access and sends them back with posting_success, the form’s type and the payment', async () => {
    const res = await call(null, 'POST', '/api/create-posting-checkout', { postType: 'firewood' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ alreadyPaid: false, demoMode: true, sessionId: expect.stringMatching(/^demo_/) });
    expect(body.url).toBe(`/?posting_success=true&type=firewood&payment=${body.paymentId}`);
    const cookie = sessionCookie(res);
    expect((await createPost(ctx.app, cookie, { ...VALID_POST, type: 'firewood' })).statusCode).toBe(201);
    expect((await call(cookie, 'GET', '/api/payments/receipts')).json()[0]).toMatchObject({ description: 'Posting Access', amount: 3 });
    // Already able to post: nothing more to pay.
    expect((await call(cookie, 'POST', '/api/create-posting-checkout', { postType: 'fruit' })).json()).toMatchObject({ alreadyPaid: true, paymentId: null });
  });
});

describe('PayPal in demo mode (spec §7 /paypal/*)', () => {
  it('creates an order at the server’s price, captures it once, and grants it', async () => {
    const member = await registerMember(ctx.app);
    await ctx.database.db.execute(`UPDATE grants SET ends_at = now() - interval '1 second' WHERE kind = 'trial'`);
    expect((await call(member.cookie, 'GET', '/paypal/setup')).json()).toEqual({ clientToken: null, clientId: null, demoMode: true });
    const order = await call(member.cookie, 'POST', '/paypal/order', { amount: '9.99', currency: 'USD', intent: 'CAPTURE' });
    expect(order.statusCode, order.body).toBe(200);
    const { id } = order.json();
    expect((await me(member.cookie)).subscriptionStatus).toBe('expired');
    const captured = await call(member.cookie, 'POST', `/paypal/order/${id}/capture`);
    expect(captured.json()).toMatchObject({ status: 'paid', product: 'lifetime', receipt: { description: 'Lifetime Access', transactionId: id, demo: true } });
    expect((await me(member.cookie)).subscriptionStatus).toBe('active');
    expect((await call(member.cookie, 'POST', `/paypal/order/${id}/capture`)).json().status).toBe('paid');
    expect((await me(member.cookie)).grants.filter((g: { kind: string }) => g.kind === 'lifetime')).toHaveLength(1);
  });

  it('refuses an amount that is not the product’s price, and another payer’s order', async () => {
    const member = await registerMember(ctx.app);
    const cheap = await call(member.cookie, 'POST', '/paypal/order', { amount: '0.01', currency: 'USD', type: 'lifetime' });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json()).toEqual({ message: PAYMENT_MESSAGES.amountMismatch });
    const { id } = (await call(member.cookie, 'POST', '/paypal/order', { type: 'day' })).json();
    const thief = await registerMember(ctx.app);
    expect((await call(thief.cookie, 'POST', `/paypal/order/${id}/capture`)).statusCode).toBe(404);
    expect((await call(null, 'POST', `/paypal/order/${id}/capture`)).statusCode).toBe(404);
  });
});

describe('payments under abuse', () => {
  it('limits the payments one address may start (429 with the retry time)', async () => {
    const member = await registerMember(ctx.app);
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await ctx.app.inject(as(member.cookie, { method: 'POST', url: '/paypal/order', payload: { type: 'day' }, remoteAddress: '10.62.0.1' }));
      last = res.statusCode;
      if (last === 429) {
        expect(res.headers['retry-after']).toBeDefined();
        break;
      }
    }
    expect(last).toBe(429);
  });
});
