import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { KINDNESS } from '../../src/domain/access';
import { sessionIdOf } from '../../src/server/modules/auth/session-store';
import { GONE_MEANWHILE } from '../../src/server/plugins/errors';
import { as, metMidway, registerMember, sessionCookie, useTestApp, type Member } from './helpers';

/**
 * A guest who signs in while something is being written for their guest session (review
 * findings): what the session was getting (a payment, its grant) moves to the account with the
 * rest, and is never dropped with the session. Each test holds the write open, by a trigger that
 * waits for an advisory lock the test holds, until the sign-in has reached it.
 */
const ctx = useTestApp(); // demo mode: no provider keys

const guestSession = async () => sessionCookie(await ctx.app.inject({ method: 'GET', url: '/api/session' }));
const signIn = (cookie: string, member: Member) => ctx.app.inject(as(cookie, { method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } }));

/** `write` held at its write of `table`; the sign-in started once it waits; the signed-in cookie. */
async function signInDuring(table: 'grants' | 'payments', event: 'INSERT' | 'UPDATE', guest: string, member: Member, write: () => Promise<LightMyRequestResponse>) {
  const [written, signedIn] = await metMidway(ctx, { table, when: `AFTER ${event}` }, write, () => signIn(guest, member));
  expect(written.statusCode, written.body).toBe(200);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return sessionCookie(signedIn);
}

async function held(cookie: string) {
  const me = (await ctx.app.inject(as(cookie, { method: 'GET', url: '/api/auth/me' }))).json() as { grants: Array<{ kind: string }> };
  const receipts = (await ctx.app.inject(as(cookie, { method: 'GET', url: '/api/payments/receipts' }))).json() as Array<{ description: string }>;
  return { lifetime: me.grants.filter((g) => g.kind === 'lifetime').length, receipts: receipts.map((r) => r.description) };
}

describe('a guest who signs in while their session is being written to', () => {
  it('keeps a payment made at that moment: its grant and receipt move to the account', async () => {
    const member = await registerMember(ctx.app);
    const guest = await guestSession();
    const cookie = await signInDuring('grants', 'INSERT', guest, member, () =>
      ctx.app.inject(as(guest, { method: 'POST', url: '/api/create-one-time-payment', payload: { type: 'lifetime' } })),
    );
    expect(await held(cookie)).toEqual({ lifetime: 1, receipts: ['Lifetime Access'] });
  });

  it('keeps an order captured at that moment, and neither waits for the other forever', async () => {
    const member = await registerMember(ctx.app);
    const guest = await guestSession();
    const order = await ctx.app.inject(as(guest, { method: 'POST', url: '/paypal/order', payload: { type: 'lifetime' } }));
    expect(order.statusCode, order.body).toBe(200);
    const cookie = await signInDuring('payments', 'UPDATE', guest, member, () =>
      ctx.app.inject(as(guest, { method: 'POST', url: `/paypal/order/${order.json().id}/capture` })),
    );
    expect(await held(cookie)).toEqual({ lifetime: 1, receipts: ['Lifetime Access'] });
  });

  it('answers 400, not 500, to a kindness grant asked from the session while a sign-in moves it', async () => {
    const member = await registerMember(ctx.app);
    const guest = await guestSession();
    // A pass the guest holds, for the sign-in to move (the test holds it there).
    const sessionId = sessionIdOf(ctx.config.SESSION_SECRET, guest.slice('sid='.length));
    await ctx.database.pool.query(`INSERT INTO grants (session_id, kind, starts_at, ends_at, source) VALUES ($1, 'day', now(), now() + interval '1 day', 'test')`, [sessionId]);
    const [signedIn, asked] = await metMidway(
      ctx,
      { table: 'grants', when: 'AFTER UPDATE' },
      () => signIn(guest, member),
      () => ctx.app.inject(as(guest, { method: 'POST', url: '/api/grant-kindness-access', remoteAddress: '10.80.0.1' })),
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(asked.statusCode, asked.body).toBe(400);
    expect(asked.json()).toEqual({ message: KINDNESS.noSession });
  });

  it('answers 409, not 500, to a payment the guest makes while a sign-in deletes their session', async () => {
    const member = await registerMember(ctx.app);
    const guest = await guestSession();
    // The sign-in is held once it has deleted the guest session, while the payment starts.
    const [signedIn, paid] = await metMidway(
      ctx,
      { table: 'sessions', when: 'AFTER DELETE' },
      () => signIn(guest, member),
      () => ctx.app.inject(as(guest, { method: 'POST', url: '/api/create-one-time-payment', payload: { type: 'day' } })),
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(paid.statusCode, paid.body).toBe(409);
    expect(paid.json()).toEqual({ message: GONE_MEANWHILE });
  });
});
