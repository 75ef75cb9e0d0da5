import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DECISION_MESSAGES } from '../../src/server/modules/admin/decide-report';
import { as, metMidway, registerMember, useTestApp, warmPool, type Member } from './helpers';
import { adminMember, call, caseOf, listed, notificationsOf, oldMember, postOf, report } from './moderation-helpers';

/**
 * The admin's reports (spec §2 Admin, §3, §7; issue 19): the spec's stats and list, one case per
 * post, and one decision that closes every open report of the post and keeps, removes or restores it.
 */
const ctx = useTestApp();
let owner: Member;
let admin: Member;

beforeAll(async () => {
  owner = await oldMember(ctx, 'Owner');
  admin = await adminMember(ctx, 'Ada Admin');
});

type Stats = { pendingReports: number; totalReports: number; pendingVerifications: number; totalVerifications: number; pendingCases: number };

describe('the spec’s stats and reports', () => {
  it('counts reports and verification requests, pending and in all', async () => {
    const before = await call<Stats>(ctx, admin, 'GET', '/api/admin/stats');
    const id = await postOf(ctx, owner, 'Counted');
    await report(ctx, await oldMember(ctx), id);
    await report(ctx, null, id);
    const after = await call<Stats>(ctx, admin, 'GET', '/api/admin/stats');
    expect(after).toEqual({ ...before, pendingReports: before.pendingReports + 2, totalReports: before.totalReports + 2, pendingCases: before.pendingCases + 1 });
  });

  it('lists reports with their post, anonymous ones without a reporter, by status', async () => {
    const id = await postOf(ctx, owner, 'Listed report');
    const member = await oldMember(ctx);
    const mine = (await report(ctx, member, id, 'spam', 'Same ad everywhere')).json();
    await report(ctx, null, id, 'other');
    const list = await call<Array<Record<string, unknown>>>(ctx, admin, 'GET', '/api/admin/reports?status=pending');
    expect(list.find((r) => r.id === mine.id)).toEqual({
      id: mine.id,
      postId: id,
      reporterId: member.id,
      reason: 'spam',
      description: 'Same ad everywhere',
      status: 'pending',
      reviewNotes: null,
      createdAt: expect.any(String),
    });
    expect(list.filter((r) => r.postId === id).map((r) => r.reporterId)).toContain(null);
    expect((await call<unknown[]>(ctx, admin, 'GET', '/api/admin/reports?status=resolved')).length).toBe(0);
  });
});

describe('one case per post', () => {
  it('groups a post’s reports with the post, its owner and each reporter, oldest pending case first, a page at a time', async () => {
    const first = await postOf(ctx, owner, 'Older case');
    const second = await postOf(ctx, owner, 'Newer case');
    const [ann, bob] = [await oldMember(ctx, 'Ann'), await oldMember(ctx, 'Bob')];
    await report(ctx, ann, first, 'scam', 'Wants a deposit');
    await report(ctx, bob, second);
    await report(ctx, bob, first, 'spam');
    await report(ctx, null, first, 'other');
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Array<{ postId: string }>; nextCursor: string | null } = await call(
        ctx,
        admin,
        'GET',
        `/api/admin/report-cases?status=pending&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      pages.push(...page.items.map((c) => c.postId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.indexOf(first)).toBeLessThan(pages.indexOf(second));
    expect(new Set(pages).size).toBe(pages.length);
    const found = (await caseOf(ctx, admin, first, 'pending'))!;
    expect(found).toMatchObject({
      pending: true,
      weight: 2,
      members: 2,
      possibleBrigade: false,
      post: { title: 'Older case', state: 'listed', ownerSuspended: false },
      owner: { username: 'Owner', removedPosts: expect.any(Number) },
    });
    expect(found.reports.map((r) => [r.reporterName, r.reason, r.weight])).toEqual([
      ['Ann', 'scam', 1],
      ['Bob', 'spam', 1],
      [null, 'other', 0],
    ]);
  });

  it('keeps the weight of a report whose member has closed their account since, and says it was theirs, not a guest’s', async () => {
    const id = await postOf(ctx, owner, 'Reported, then the reporter left');
    const leaving = await oldMember(ctx, 'Leaving');
    expect((await report(ctx, leaving, id, 'spam')).statusCode).toBe(201);
    expect((await report(ctx, null, id, 'other')).statusCode).toBe(201);
    await call(ctx, leaving, 'DELETE', '/api/user/me', { password: leaving.password }, 204);
    const found = (await caseOf(ctx, admin, id, 'pending'))!;
    expect(found.reports.map((r) => [r.reason, r.reporterId, r.reporterName, r.reporterClosed, r.weight])).toEqual([
      ['spam', null, null, true, 1],
      ['other', null, null, false, 0],
    ]);
    expect(found.weight).toBe(1);
  });

  it('refuses a broken page link with 400', async () => {
    const res = await ctx.app.inject(as(admin.cookie, { method: 'GET', url: '/api/admin/report-cases?cursor=nonsense' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no longer valid/);
  });
});

describe('deciding a case', () => {
  it('removes the post with a note: every open report closes, the post leaves lists, the map and its link, the owner and each reporter are told once', async () => {
    const id = await postOf(ctx, owner, 'Fake firewood');
    const [ann, bob] = [await oldMember(ctx, 'Ann'), await oldMember(ctx, 'Bob')];
    const mine = (await report(ctx, ann, id)).json();
    await report(ctx, bob, id, 'spam');
    await report(ctx, null, id);
    const decided = await call<{ status: string; reviewNotes: string }>(ctx, admin, 'PATCH', `/api/admin/reports/${mine.id}`, {
      status: 'resolved',
      reviewNotes: 'Asks for money up front',
    });
    expect(decided).toMatchObject({ id: mine.id, status: 'resolved', reviewNotes: 'Asks for money up front' });
    const found = (await caseOf(ctx, admin, id, 'resolved'))!;
    expect(found.reports.map((r) => r.status)).toEqual(['resolved', 'resolved', 'resolved']);
    expect(found.post.state).toBe('removed');
    expect(await listed(ctx, ann, id)).toBe(false);
    const map = (await ctx.app.inject(as(ann.cookie, { method: 'GET', url: '/api/posts/map?bbox=-80,43,-79,44&zoom=16&type=firewood' }))).json();
    expect(JSON.stringify(map)).not.toContain(id);
    expect((await ctx.app.inject(as(ann.cookie, { method: 'GET', url: `/api/posts/${id}` }))).statusCode).toBe(404);
    expect((await notificationsOf(ctx, owner))[0]).toMatchObject({ type: 'post_removed', data: { postId: id, postTitle: 'Fake firewood', reviewNotes: 'Asks for money up front' } });
    for (const reporter of [ann, bob]) {
      const told = (await notificationsOf(ctx, reporter)).filter((n) => n.type === 'report_decided');
      expect(told).toEqual([expect.objectContaining({ data: { postId: id, postTitle: 'Fake firewood', outcome: 'removed' } })]);
    }
    // Decided: the same decision again is refused; the owner's record counts the removal.
    expect((await ctx.app.inject(as(admin.cookie, { method: 'PATCH', url: `/api/admin/reports/${mine.id}`, payload: { status: 'resolved' } }))).json()).toEqual({
      message: DECISION_MESSAGES.decided,
    });
    const other = await postOf(ctx, owner, 'Next one');
    await report(ctx, ann, other);
    expect((await caseOf(ctx, admin, other))!.owner).toMatchObject({ removedPosts: 1, recentRemovals: [{ title: 'Fake firewood' }] });
  });

  it('decides a case once when two admins decide it at the same moment: the other hears it was decided, the owner is told once', async () => {
    const id = await postOf(ctx, owner, 'Decided by two');
    const mine = (await report(ctx, await oldMember(ctx), id)).json();
    const other = await adminMember(ctx, 'Otto Admin');
    await warmPool(ctx);
    const decide = (who: Member) => ctx.app.inject(as(who.cookie, { method: 'PATCH', url: `/api/admin/reports/${mine.id}`, payload: { status: 'resolved', reviewNotes: 'Scam' } }));
    const answers = await Promise.all([decide(admin), decide(other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: DECISION_MESSAGES.decided });
    expect((await notificationsOf(ctx, owner)).filter((n) => n.type === 'post_removed' && n.data.postId === id)).toHaveLength(1);
    const { rows } = await ctx.database.pool.query(`SELECT action FROM audit_log WHERE target_id = $1`, [id]);
    expect(rows.map((r) => r.action).sort()).toEqual(['post_removed', 'report_decided']);
  });

  it('removes a post and suspends its owner when two admins do both at once, neither waiting on the other forever', async () => {
    const spammer = await oldMember(ctx, 'Spammer');
    const id = await postOf(ctx, spammer, 'Spam logs');
    const mine = (await report(ctx, await oldMember(ctx), id)).json();
    const other = await adminMember(ctx, 'Sue Admin');
    // The decision is held once it has the post (at its audit line) while the suspension starts.
    const [decided, suspended] = await metMidway(
      ctx,
      { table: 'audit_log', when: 'BEFORE INSERT' },
      () => ctx.app.inject(as(admin.cookie, { method: 'PATCH', url: `/api/admin/reports/${mine.id}`, payload: { status: 'resolved' } })),
      () => ctx.app.inject(as(other.cookie, { method: 'POST', url: `/api/admin/users/${spammer.id}/suspend`, payload: { reason: 'Spam', end: '7d' } })),
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect(suspended.statusCode, suspended.body).toBe(200);
  });

  it('keeps a hidden post: it comes back, and its owner hears so', async () => {
    const id = await postOf(ctx, owner, 'Honest logs');
    const reports = [];
    for (let i = 0; i < 3; i++) reports.push((await report(ctx, await oldMember(ctx), id)).json());
    expect(await listed(ctx, owner, id)).toBe(false);
    await call(ctx, admin, 'PATCH', `/api/admin/reports/${reports[2].id}`, { status: 'dismissed', reviewNotes: 'Looks fine' });
    expect(await listed(ctx, owner, id)).toBe(true);
    expect((await notificationsOf(ctx, owner))[0]).toMatchObject({ type: 'post_restored', data: { postId: id } });
    expect((await caseOf(ctx, admin, id, 'dismissed'))!.reports.every((r) => r.status === 'dismissed' && r.reviewNotes === 'Looks fine')).toBe(true);
  });

  it('restores a removed post from its decided case', async () => {
    const id = await postOf(ctx, owner, 'Fixed post');
    const mine = (await report(ctx, await oldMember(ctx), id)).json();
    await call(ctx, admin, 'PATCH', `/api/admin/reports/${mine.id}`, { status: 'resolved', action: 'remove' });
    expect(await listed(ctx, owner, id)).toBe(false);
    await call(ctx, admin, 'PATCH', `/api/admin/reports/${mine.id}`, { status: 'resolved', action: 'restore', reviewNotes: 'Owner fixed it' });
    expect(await listed(ctx, owner, id)).toBe(true);
    expect((await caseOf(ctx, admin, id))!.reports[0]).toMatchObject({ status: 'resolved' });
    const again = await ctx.app.inject(as(admin.cookie, { method: 'PATCH', url: `/api/admin/reports/${mine.id}`, payload: { status: 'dismissed', action: 'restore' } }));
    expect(again.json()).toEqual({ message: DECISION_MESSAGES.listed });
  });

  it('answers 400 to a decision that contradicts itself or is not one, 404 to an unknown report', async () => {
    const id = await postOf(ctx, owner, 'Odd decisions');
    const mine = (await report(ctx, await oldMember(ctx), id)).json();
    const patch = (payload: object, reportId = mine.id) => ctx.app.inject(as(admin.cookie, { method: 'PATCH', url: `/api/admin/reports/${reportId}`, payload }));
    expect((await patch({ status: 'dismissed', action: 'remove' })).json()).toEqual({ message: DECISION_MESSAGES.mismatch });
    expect((await patch({ status: 'resolved', action: 'keep' })).statusCode).toBe(400);
    expect((await patch({ status: 'pending' })).json()).toMatchObject({ message: 'Status must be resolved or dismissed' });
    expect((await patch({ status: 'resolved', action: 'burn' })).json()).toMatchObject({ message: 'Action must be keep, remove or restore' });
    expect((await patch({ status: 'resolved', reviewNotes: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await patch({ status: 'resolved' }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await patch({ status: 'resolved' }, 'not-an-id')).statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('refuses a member who is not an admin with a clear 403, and a guest with 401, before reading the body', async () => {
    const member = await registerMember(ctx.app);
    const asMember = await ctx.app.inject(as(member.cookie, { method: 'PATCH', url: '/api/admin/reports/x', payload: { status: 'nonsense' } }));
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ message: 'Admins only: this needs an admin account.' });
    const asGuest = await ctx.app.inject({ method: 'GET', url: '/api/admin/stats' });
    expect(asGuest.statusCode).toBe(401);
    expect(asGuest.json()).toEqual({ message: 'Please sign in as an admin.' });
  });

  it('keeps the audit log append-only in the database itself', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      ctx.database.db.execute(statement).then(
        () => 'allowed',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    expect(Number((await ctx.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`)).rows[0]!.n)).toBeGreaterThan(0);
    expect(await refusal(sql`UPDATE audit_log SET notes = 'rewritten'`)).toMatch(/append-only: UPDATE is not allowed/);
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only: DELETE is not allowed/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only: TRUNCATE is not allowed/);
  });
});
