import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../src/server/db/client';
import { as, metMidway, registerMember, sessionCookie, useTestApp } from './helpers';

/**
 * Two writes of one holder's access at the same moment (review findings): the second waits for the
 * first and sees what it wrote. Each test holds the first transaction open until the second is
 * seen waiting (or done), so the order is the worst one, not left to chance.
 */
const OWNER_PASSWORD = 'the owner knows this';
const ctx = useTestApp({ OWNER_PASSWORD_HASH: await hash(OWNER_PASSWORD) });
const DAY_MS = 86_400_000;

/** Runs `first` in a transaction kept open until `second` (in another) waits for a lock or ends; both results. */
async function overlapping<A, B>(first: (tx: Tx) => Promise<A>, second: (tx: Tx) => Promise<B>): Promise<[A, B]> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let firstDone!: (value: A) => void;
  const firstResult = new Promise<A>((resolve) => (firstDone = resolve));
  const firstTx = ctx.database.db.transaction(async (tx) => {
    firstDone(await first(tx));
    await held;
  });
  const a = await firstResult;
  let secondEnded = false;
  const secondTx = ctx.database.db.transaction(second).finally(() => (secondEnded = true));
  for (let i = 0; i < 100 && !secondEnded; i++) {
    const { rows } = await ctx.database.pool.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (rows.length > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  release();
  await firstTx;
  return [a, await secondTx];
}

describe('access written twice at once', () => {
  it('spends a credit once, even for a purchase whose clock is behind the one that spent it', async () => {
    const member = await registerMember(ctx.app);
    await ctx.database.pool.query(
      `INSERT INTO grants (user_id, kind, starts_at, ends_at, source, amount_cents) VALUES ($1, 'credit', now(), NULL, 'test', 300)`,
      [member.id],
    );
    const holder = { userId: member.id };
    const now = Date.now();
    const [first, second] = await overlapping(
      (tx) => ctx.app.access.spendCreditIn(tx, holder, 300, new Date(now + 60_000)),
      (tx) => ctx.app.access.spendCreditIn(tx, holder, 300, new Date(now)),
    );
    expect([first, second]).toEqual([true, false]);
  });

  it('starts a day pass settled while another is being settled after that one', async () => {
    const member = await registerMember(ctx.app);
    await ctx.database.pool.query(`UPDATE grants SET ends_at = now() - interval '1 second' WHERE user_id = $1`, [member.id]);
    const holder = { userId: member.id };
    const now = new Date();
    await overlapping(
      (tx) => ctx.app.access.extendIn(tx, holder, 'day', DAY_MS, 'test', now),
      (tx) => ctx.app.access.extendIn(tx, holder, 'day', DAY_MS, 'test', now),
    );
    const { rows } = await ctx.database.pool.query<{ starts_at: Date; ends_at: Date }>(
      `SELECT starts_at, ends_at FROM grants WHERE user_id = $1 AND kind = 'day' ORDER BY ends_at`,
      [member.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]!.starts_at.getTime()).toBe(rows[0]!.ends_at.getTime());
    expect(rows[1]!.ends_at.getTime() - now.getTime()).toBe(2 * DAY_MS);
  });
});

describe('the owner password sent twice at once', () => {
  it('gives one owner grant: both answer 200, the second finding the first', async () => {
    const guest = sessionCookie(await ctx.app.inject({ method: 'GET', url: '/api/session' }));
    const verify = () => ctx.app.inject(as(guest, { method: 'POST', url: '/api/verify-admin', payload: { password: OWNER_PASSWORD }, remoteAddress: '10.81.0.1' }));
    // The first is held at its write of the grant while the second checks for one.
    const answers = await metMidway(ctx, { table: 'grants', when: 'AFTER INSERT' }, verify, verify);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const session = (await ctx.app.inject(as(guest, { method: 'GET', url: '/api/session' }))).json() as { grants: Array<{ kind: string }> };
    expect(session.grants.map((g) => g.kind)).toEqual(['owner']);
  });
});
