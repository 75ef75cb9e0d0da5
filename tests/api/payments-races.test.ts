import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../src/domain/payments';
import { as, metMidway, registerMember, sessionCookie, useTestApp } from './helpers';

/**
 * The same thing bought twice at once, in demo mode (review findings; docs/decisions/0118): a
 * double click, or two tabs. Each test holds the first purchase at its write of the payment until
 * the second has reached it, so the order is the worst one, not left to chance.
 */
const ctx = useTestApp(); // demo mode: no provider keys

let addresses = 0;
const post = (cookie: string, url: string, payload?: object) =>
  ctx.app.inject(as(cookie, { method: 'POST', url, payload, remoteAddress: `10.66.0.${++addresses % 250}` }));
const guestSession = async () => sessionCookie(await ctx.app.inject({ method: 'GET', url: '/api/session' }));
async function receipts(cookie: string): Promise<string[]> {
  const res = await ctx.app.inject(as(cookie, { method: 'GET', url: '/api/payments/receipts' }));
  return (res.json() as Array<{ description: string }>).map((r) => r.description);
}

/** `first` held at its write of a payment (`when`) until `second` has reached it; both answers. */
const atOnce = (
  when: 'AFTER INSERT' | 'AFTER UPDATE',
  first: () => Promise<LightMyRequestResponse>,
  second: () => Promise<LightMyRequestResponse>,
) => metMidway(ctx, { table: 'payments', when }, first, second);

/** The same purchase sent twice at once (a double click, two tabs), the first held at its payment's insert. */
function sentTwice(cookie: string, url: string, payload: object) {
  const send = () => post(cookie, url, payload);
  return atOnce('AFTER INSERT', send, send);
}

describe('a day pass bought twice at once', () => {
  it('is charged once: the other is refused with 409 and says a pass was bought a moment ago', async () => {
    const member = await registerMember(ctx.app);
    const [first, second] = await sentTwice(member.cookie, '/api/create-one-time-payment', { type: 'day' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().receipt).toMatchObject({ description: '24-Hour Access' });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toEqual({ message: PAYMENT_MESSAGES.dayPassJustBought });
    expect(await receipts(member.cookie)).toEqual(['24-Hour Access']);
  });

  it('spends one referral credit of two when both are spent at once', async () => {
    const member = await registerMember(ctx.app);
    for (let i = 0; i < 2; i++)
      await ctx.database.pool.query(
        `INSERT INTO grants (user_id, kind, starts_at, source, amount_cents) VALUES ($1, 'credit', now(), 'test', 300)`,
        [member.id],
      );
    const [first, second] = await sentTwice(member.cookie, '/api/create-one-time-payment', {
      type: 'day',
      useCredit: true,
    });
    expect([first.statusCode, second.statusCode]).toEqual([200, 409]);
    expect(
      (await ctx.app.inject(as(member.cookie, { method: 'GET', url: '/api/payments/config' }))).json()
        .creditCents,
    ).toBe(300);
  });
});

describe('the posting fee paid twice at once', () => {
  it('is charged once: the other answers that the guest can already post', async () => {
    const guest = await guestSession();
    const [first, second] = await sentTwice(guest, '/api/create-posting-checkout', { postType: 'firewood' });
    expect(first.json()).toMatchObject({ alreadyPaid: false, paymentId: expect.any(String) });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ alreadyPaid: true, paymentId: null });
    expect(await receipts(guest)).toEqual(['Posting Access']);
  });
});

describe("PayPal's demo buttons pressed twice at once", () => {
  it('open one order: one pressed while the other is being opened answers 409, one pressed after gets the same', async () => {
    const member = await registerMember(ctx.app);
    const order = () => post(member.cookie, '/paypal/order', { type: 'day' });
    const [first, second] = await atOnce('AFTER UPDATE', order, order);
    expect(first.json().id).toMatch(/^DEMO-/);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toEqual({ message: PAYMENT_MESSAGES.startedElsewhere });
    const again = await order();
    expect(again.json()).toEqual(first.json());
    const captures = await Promise.all(
      [first, again].map((o) => post(member.cookie, `/paypal/order/${o.json().id}/capture`)),
    );
    expect(captures.map((c) => c.json().status)).toEqual(['paid', 'paid']);
    expect(await receipts(member.cookie)).toEqual(['24-Hour Access']);
  });

  it('sells lifetime access once when the card and PayPal are both used at that moment', async () => {
    const member = await registerMember(ctx.app);
    const order = (await post(member.cookie, '/paypal/order', { type: 'lifetime' })).json() as { id: string };
    // The capture is held at its payment's update while the card's purchase starts.
    const [captured, bought] = await atOnce(
      'AFTER UPDATE',
      () => post(member.cookie, `/paypal/order/${order.id}/capture`),
      () => post(member.cookie, '/api/create-one-time-payment', { type: 'lifetime' }),
    );
    expect(captured.json()).toMatchObject({ status: 'paid' });
    expect(bought.json()).toMatchObject({ alreadyPaid: true, message: PAYMENT_MESSAGES.alreadyPaid });
    expect(await receipts(member.cookie)).toEqual(['Lifetime Access']);
  });
});
