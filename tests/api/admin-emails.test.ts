import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/domain/admin';
import { as, registerMember, sessionCookie, startAppOn, useTestApp, type Member } from './helpers';
import { adminMember, call } from './moderation-helpers';
import { COMMAND_LINE, setAdminRole } from '../../src/server/modules/admin/roles';

/**
 * ADMIN_EMAILS promotes at start-up only (docs/decisions/0110): the accounts registered with a
 * listed address before the app starts become admins, each with its line in the audit log; an
 * address registered later is a plain member until the next start or `npm run admin -- grant`.
 */
const ctx = useTestApp(); // the instance already running, without ADMIN_EMAILS

const isAdmin = async (app: FastifyInstance, who: Member) => (await app.inject(as(who.cookie, { method: 'GET', url: '/api/auth/me' }))).json().isAdmin;
const adminStats = async (app: FastifyInstance, who: Member) => (await app.inject(as(who.cookie, { method: 'GET', url: '/api/admin/stats' }))).statusCode;
const grantsOf = async (app: FastifyInstance, admin: Member, userId: string): Promise<AuditEntry[]> => {
  const res = await app.inject(as(admin.cookie, { method: 'GET', url: '/api/admin/audit-log?action=admin_granted&limit=100' }));
  return (res.json().items as AuditEntry[]).filter((e) => e.targetId === userId);
};

/** The account recorded as the address's first admin (docs/decisions/0122). */
const holderOf = async (email: string) =>
  (await ctx.database.db.execute<{ user_id: string }>(sql`SELECT user_id FROM listed_admin_holders WHERE email = ${email}`)).rows[0]?.user_id;

/** An instance started with ADMIN_EMAILS, and the lines it logged about them. */
async function startWith(adminEmails: string[]) {
  const lines: string[] = [];
  const app = await startAppOn(ctx, { ADMIN_EMAILS: adminEmails, LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
  const said = lines.map((l) => JSON.parse(l).msg as string).filter((m) => m.startsWith('ADMIN_EMAILS'));
  return { app, said };
}

describe('ADMIN_EMAILS at start-up', () => {
  it('makes an account registered before the start an admin, writes its audit line, logs one line, and a running instance sees it at once', async () => {
    const boss = await registerMember(ctx.app, { username: 'Boss', email: 'Boss@Example.com' });
    expect(await isAdmin(ctx.app, boss)).toBe(false); // now cached on the running instance

    const { app, said } = await startWith(['boss@example.com', 'later@example.com']);
    expect(said).toEqual(['ADMIN_EMAILS: 1 account made admin at start-up; no account yet for later@example.com (register, then restart the app or run npm run admin -- grant EMAIL).']);
    expect(await isAdmin(app, boss)).toBe(true);
    expect(await adminStats(app, boss)).toBe(200);
    expect(await grantsOf(app, boss, boss.id)).toEqual([
      expect.objectContaining({
        adminId: null,
        adminName: 'ADMIN_EMAILS at start-up',
        action: 'admin_granted',
        targetType: 'user',
        targetName: 'Boss',
        changes: { before: { isAdmin: false }, after: { isAdmin: true } },
      }),
    ]);
    // The running instance drops its cached session when told, well before the cache would expire (10 s).
    await expect.poll(() => isAdmin(ctx.app, boss), { timeout: 3_000 }).toBe(true);
  });

  it('promotes once when two instances start at once, and again never', async () => {
    const twin = await registerMember(ctx.app, { username: 'Twin', email: 'twin@example.com' });
    const [a, b] = await Promise.all([startWith(['twin@example.com']), startWith(['twin@example.com'])]);
    expect([...a.said, ...b.said].sort()).toEqual([
      'ADMIN_EMAILS: 0 accounts made admin at start-up; every listed address has an account.',
      'ADMIN_EMAILS: 1 account made admin at start-up; every listed address has an account.',
    ]);
    const again = await startWith(['twin@example.com']);
    expect(again.said).toEqual(['ADMIN_EMAILS: 0 accounts made admin at start-up; every listed address has an account.']);
    expect(await grantsOf(again.app, twin, twin.id)).toHaveLength(1);
  });

  it('does not take the role back when the address leaves the list (npm run admin -- revoke does)', async () => {
    const keeper = await registerMember(ctx.app, { username: 'Keeper', email: 'keeper@example.com' });
    await startWith(['keeper@example.com']);
    const { app, said } = await startWith([]);
    expect(said).toEqual([]);
    expect(await isAdmin(app, keeper)).toBe(true);
  });

  it('does not make a suspended member an admin (an admin is never suspended), and its line names them', async () => {
    const moderator = await adminMember(ctx, 'Moderator');
    const benched = await registerMember(ctx.app, { username: 'Benched', email: 'benched@example.com' });
    await call(ctx, moderator, 'POST', `/api/admin/users/${benched.id}/suspend`, { reason: 'Spam', end: '7d' });
    const { app, said } = await startWith(['benched@example.com']);
    expect(said).toEqual([
      'ADMIN_EMAILS: 0 accounts made admin at start-up; every listed address has an account. Not made admin while suspended: benched@example.com (an admin lifts the suspension, then restart the app or run npm run admin -- grant EMAIL).',
    ]);
    expect(await isAdmin(app, benched)).toBe(false);
    expect(await grantsOf(app, moderator, benched.id)).toEqual([]);
    // Never made an admin, so not the address's first admin: whoever holds it next may be.
    expect(await holderOf('benched@example.com')).toBeUndefined();
  });

  it('ends the role with the account: whoever registers the address again is a plain member', async () => {
    const owner = await registerMember(ctx.app, { username: 'Owner', email: 'owner@example.com' });
    const { app } = await startWith(['owner@example.com']);
    expect(await isAdmin(app, owner)).toBe(true);
    const closed = await app.inject(as(owner.cookie, { method: 'DELETE', url: '/api/user/me', payload: { password: owner.password } }));
    expect(closed.statusCode).toBe(204);

    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'Taker', email: 'owner@example.com', password: 'secret123' }, remoteAddress: '10.0.9.9' });
    expect(res.statusCode).toBe(201);
    expect(res.json().isAdmin).toBe(false);
    const taker = { id: res.json().id, email: 'owner@example.com', password: 'secret123', cookie: sessionCookie(res) };
    expect(await isAdmin(app, taker)).toBe(false);
    expect(await adminStats(app, taker)).toBe(403);

    // The address is still listed: the list made its first account an admin, never a later one.
    const next = await startWith(['owner@example.com']);
    expect(next.said).toEqual([
      'ADMIN_EMAILS: 0 accounts made admin at start-up; every listed address has an account. Not made admin: owner@example.com, registered again after the account that was its admin closed or moved to another address (take the address off the list; run npm run admin -- grant EMAIL if the new account is that person\'s).',
    ]);
    expect(await isAdmin(next.app, taker)).toBe(false);
    const moderator = await adminMember(ctx, 'Overseer');
    expect(await grantsOf(next.app, moderator, taker.id)).toEqual([]);

    // The operator vouches for the new account: it is an admin, and the next start has nothing to say of it.
    await setAdminRole(ctx.database, 'owner@example.com', true, COMMAND_LINE);
    const after = await startWith(['owner@example.com']);
    expect(after.said).toEqual(['ADMIN_EMAILS: 0 accounts made admin at start-up; every listed address has an account.']);
    expect(await isAdmin(after.app, taker)).toBe(true);
  });

  it("refuses a stranger an address whose admin was made by hand and closed before any start, and says when the address has no account now", async () => {
    const first = await registerMember(ctx.app, { username: 'Handmade', email: 'handmade@example.com' });
    await setAdminRole(ctx.database, 'handmade@example.com', true, COMMAND_LINE);
    expect(await holderOf('handmade@example.com')).toBe(first.id);
    const closed = await ctx.app.inject(as(first.cookie, { method: 'DELETE', url: '/api/user/me', payload: { password: first.password } }));
    expect(closed.statusCode).toBe(204);

    const gone = await startWith(['handmade@example.com']);
    expect(gone.said).toEqual([
      "ADMIN_EMAILS: 0 accounts made admin at start-up. No account now for handmade@example.com: the account that was its admin closed, and the list makes no other account admin (take the address off the list; run npm run admin -- grant EMAIL for a new account of that person's).",
    ]);

    const stranger = await registerMember(ctx.app, { username: 'Stranger', email: 'handmade@example.com' });
    const { app, said } = await startWith(['handmade@example.com']);
    expect(said).toEqual([expect.stringContaining('Not made admin: handmade@example.com, registered again after the account that was its admin closed')]);
    expect(await isAdmin(app, stranger)).toBe(false);
  });

  it('keeps an admin who moves to another address an admin, says so, and promotes no one who takes the listed address (0136)', async () => {
    const boss = await registerMember(ctx.app, { username: 'Mover', email: 'mover@example.com' });
    const { app } = await startWith(['mover@example.com']);
    expect(await isAdmin(app, boss)).toBe(true);
    const moved = await app.inject(as(boss.cookie, { method: 'PUT', url: '/api/user/email', payload: { email: 'mover-new@example.com', password: boss.password } }));
    expect(moved.statusCode, moved.body).toBe(200);

    const next = await startWith(['mover@example.com']);
    expect(next.said).toEqual([
      'ADMIN_EMAILS: 0 accounts made admin at start-up. No account now for mover@example.com: the account that was its admin signs in with another address now, and stays an admin (take the address off the list, or list the new one).',
    ]);
    expect(await isAdmin(next.app, boss)).toBe(true);

    const taker = await registerMember(ctx.app, { username: 'Taker', email: 'mover@example.com' });
    const after = await startWith(['mover@example.com']);
    expect(after.said).toEqual([expect.stringContaining('Not made admin: mover@example.com, registered again after the account that was its admin closed or moved to another address')]);
    expect(await isAdmin(after.app, taker)).toBe(false);
  });

  it('records an admin made before holders were kept as its address\'s first admin at the next start, and never a member only revoked', async () => {
    const veteran = await registerMember(ctx.app, { username: 'Veteran', email: 'veteran@example.com' });
    await ctx.database.db.execute(sql`UPDATE users SET is_admin = true WHERE id = ${veteran.id}`); // as before migration 0026
    expect(await holderOf('veteran@example.com')).toBeUndefined();
    const { said } = await startWith(['veteran@example.com']);
    expect(said).toEqual(['ADMIN_EMAILS: 0 accounts made admin at start-up; every listed address has an account.']);
    expect(await holderOf('veteran@example.com')).toBe(veteran.id);

    await registerMember(ctx.app, { username: 'Plain', email: 'plain@example.com' });
    await setAdminRole(ctx.database, 'plain@example.com', false, COMMAND_LINE);
    expect(await holderOf('plain@example.com')).toBeUndefined();
  });

  it('promotes the first account of an address again at a start after its role was taken back by hand, while the address is listed', async () => {
    const returning = await registerMember(ctx.app, { username: 'Returning', email: 'returning@example.com' });
    await startWith(['returning@example.com']);
    await setAdminRole(ctx.database, 'returning@example.com', false, COMMAND_LINE);
    const { app, said } = await startWith(['returning@example.com']);
    expect(said).toEqual(['ADMIN_EMAILS: 1 account made admin at start-up; every listed address has an account.']);
    expect(await isAdmin(app, returning)).toBe(true);
  });
});
