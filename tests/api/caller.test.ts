import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, registerMember, useTestApp } from './helpers';
import { callerChanged } from './posts-helpers';

const ctx = useTestApp();
const me = (cookie: string) => ctx.app.inject(as(cookie, { method: 'GET', url: '/api/auth/me' }));
const lastSeenMinutesAgo = async (userId: string) =>
  (
    await ctx.database.db.execute<{ m: number }>(
      sql`SELECT extract(epoch FROM now() - last_seen_at)::float8 / 60 AS m FROM sessions WHERE user_id = ${userId}`,
    )
  ).rows[0]!.m;

describe('the caller of a request (docs/decisions/0050)', () => {
  it('is read in one query (session, member, grants), then kept', async () => {
    const member = await registerMember(ctx.app);
    const query = vi.spyOn(ctx.database.pool, 'query');
    try {
      expect((await me(member.cookie)).statusCode).toBe(200);
      expect(query).toHaveBeenCalledTimes(1);
      expect(query.mock.calls[0]![0]).toMatchObject({ name: 'session' });
      expect((await me(member.cookie)).json().id).toBe(member.id);
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });

  it('still writes last_seen_at, at most hourly', async () => {
    const member = await registerMember(ctx.app);
    await ctx.database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE user_id = ${member.id}`);
    await callerChanged(ctx, { userId: member.id });
    expect((await me(member.cookie)).statusCode).toBe(200);
    expect(await lastSeenMinutesAgo(member.id)).toBeLessThan(1);

    await ctx.database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '30 minutes' WHERE user_id = ${member.id}`);
    await callerChanged(ctx, { userId: member.id });
    expect((await me(member.cookie)).statusCode).toBe(200);
    expect(await lastSeenMinutesAgo(member.id)).toBeGreaterThan(29);
  });

  it('ends with the session: a cookie signed out is refused at once', async () => {
    const member = await registerMember(ctx.app);
    expect((await me(member.cookie)).statusCode).toBe(200);
    await ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/auth/logout' }));
    expect((await me(member.cookie)).statusCode).toBe(401);
  });

  it('sees a member made admin once the change is announced', async () => {
    const member = await registerMember(ctx.app);
    expect((await me(member.cookie)).json().isAdmin).toBe(false);
    await ctx.database.db.execute(sql`UPDATE users SET is_admin = true WHERE id = ${member.id}`);
    await callerChanged(ctx, { userId: member.id });
    expect((await me(member.cookie)).json().isAdmin).toBe(true);
  });
});
