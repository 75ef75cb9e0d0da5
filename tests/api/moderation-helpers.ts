import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { as, registerMember, type Member, type TestContext } from './helpers';
import { callerChanged, insertPost, makeAdmin } from './posts-helpers';

type Ctx = Pick<TestContext, 'app' | 'database'>;

let addresses = 0;
/** A network address of its own for each call that needs one (limits per address stay apart). */
export const nextAddress = () => {
  addresses += 1;
  return `10.70.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/** Makes a member's account `days` old, as the test's database says (issue 19: weights by age). */
export async function ageAccount(ctx: Ctx, userId: string, days: number): Promise<void> {
  await ctx.database.db.execute(sql`UPDATE users SET created_at = now() - make_interval(days => ${days}) WHERE id = ${userId}`);
  await callerChanged(ctx, { userId });
}

/** A member whose account is 30 days old: their reports weigh 1. */
export async function oldMember(ctx: Ctx, username = 'Neighbour'): Promise<Member> {
  const member = await registerMember(ctx.app, { username });
  await ageAccount(ctx, member.id, 30);
  return member;
}

export async function adminMember(ctx: Ctx, username = 'Admin'): Promise<Member> {
  const admin = await registerMember(ctx.app, { username });
  await makeAdmin(ctx, admin.id);
  return admin;
}

/** Reports a post as a member (or a guest, from its own address). */
export function report(ctx: Ctx, by: Member | null, postId: string, reason = 'scam', description?: string) {
  const opts = { method: 'POST' as const, url: '/api/posts/report', payload: { postId, reason, description }, remoteAddress: nextAddress() };
  return ctx.app.inject(by ? as(by.cookie, opts) : opts);
}

/** A firewood post with coordinates, by `owner` (straight into the table: tests here make many, past the posting limit). */
export const postOf = (ctx: Ctx, owner: Member, title: string): Promise<string> =>
  insertPost(ctx, { userId: owner.id, type: 'firewood', title, latitude: 43.7, longitude: -79.4, ownerName: title.split(' ')[0] });

/** Whether `viewer` finds the post in the firewood list. */
export async function listed(ctx: Ctx, viewer: Member, id: string): Promise<boolean> {
  const list = (await ctx.app.inject(as(viewer.cookie, { method: 'GET', url: '/api/posts?type=firewood&limit=100' }))).json() as { id: string }[];
  return list.some((p) => p.id === id);
}

/** A JSON call as `who`; fails the test on an unexpected status. */
export async function call<T = unknown>(ctx: Ctx, who: Member, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, status = 200): Promise<T> {
  const res = await ctx.app.inject(as(who.cookie, { method, url, payload }));
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

/** The case of a post as the admin sees it (pending cases first). */
export async function caseOf(ctx: Ctx, admin: Member, postId: string, status = 'all') {
  const page = await call<{ items: Array<Record<string, unknown> & { postId: string }> }>(ctx, admin, 'GET', `/api/admin/report-cases?status=${status}&limit=50`);
  return page.items.find((c) => c.postId === postId) as
    | {
        postId: string;
        pending: boolean;
        weight: number;
        members: number;
        possibleBrigade: boolean;
        post: { state: string; title: string; ownerSuspended: boolean };
        owner: { username: string; removedPosts: number; recentRemovals: Array<{ title: string }> } | null;
        reports: Array<{ id: string; status: string; reason: string; weight: number; reporterName: string | null; reporterClosed: boolean; reporterId: string | null; fromNewAccount: boolean; reviewNotes: string | null }>;
      }
    | undefined;
}

/** The member's notifications, newest first. */
export async function notificationsOf(ctx: Ctx, member: Member) {
  return (await call<{ items: Array<{ type: string; data: Record<string, unknown> }> }>(ctx, member, 'GET', '/api/notifications?limit=50')).items;
}
