import { beforeAll, describe, expect, it } from 'vitest';
import { REASON_REQUIRED, REPORT_MESSAGES } from '../../src/domain/reports';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { createPost, VALID_POST } from './posts-helpers';

/** Reports (spec §2 dialog 8, §5, §7; DECISIONS 23). */
const ctx = useTestApp();
let owner: Member;

beforeAll(async () => {
  owner = await registerMember(ctx.app, { username: 'Owner' });
});

const report = (cookie: string | null, payload: object, remoteAddress = '10.60.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/posts/report', payload, remoteAddress, headers: cookie ? { cookie } : {} });
const newPost = async (title = 'Firewood') =>
  (await createPost(ctx.app, owner.cookie, { ...VALID_POST, type: 'firewood', title, latitude: '43.7', longitude: '-79.4' })).json().id as string;
const listed = async (viewer: Member, id: string) => {
  const list = (await ctx.app.inject(as(viewer.cookie, { method: 'GET', url: '/api/posts?type=firewood' }))).json() as { id: string }[];
  return list.some((p) => p.id === id);
};

describe('reporting a post', () => {
  it('takes a guest’s report anonymously, once per reporter and post', async () => {
    const id = await newPost();
    const res = await report(null, { postId: id, reason: 'scam', description: 'Asked for a deposit' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ postId: id, status: 'pending' });
    const again = await report(null, { postId: id, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REPORT_MESSAGES.already });
  });

  it('needs a reason (spec §5) and a post', async () => {
    const id = await newPost();
    expect((await report(null, { postId: id }, '10.60.0.2')).json()).toMatchObject({ message: REASON_REQUIRED });
    expect((await report(null, { postId: id, reason: 'nonsense' }, '10.60.0.2')).json()).toMatchObject({ message: REASON_REQUIRED });
    expect((await report(null, { postId: '00000000-0000-4000-8000-000000000000', reason: 'scam' }, '10.60.0.2')).statusCode).toBe(404);
  });

  it('hides a post reported by three distinct members until an admin reviews it, and tells its owner', async () => {
    const id = await newPost('Suspicious logs');
    const reporters = await Promise.all([1, 2, 3].map(() => registerMember(ctx.app)));
    // Guests do not count toward hiding, nor one member twice.
    for (let i = 0; i < 4; i++) await report(null, { postId: id, reason: 'scam' }, `10.61.0.${i}`);
    await report(reporters[0]!.cookie, { postId: id, reason: 'scam' }, '10.62.0.1');
    expect((await report(reporters[0]!.cookie, { postId: id, reason: 'spam' }, '10.62.0.1')).statusCode).toBe(409);
    await report(reporters[1]!.cookie, { postId: id, reason: 'inappropriate' }, '10.62.0.2');
    expect(await listed(reporters[0]!, id)).toBe(true);
    await report(reporters[2]!.cookie, { postId: id, reason: 'scam' }, '10.62.0.3');
    expect(await listed(reporters[0]!, id)).toBe(false);
    const map = (await ctx.app.inject(as(reporters[0]!.cookie, { method: 'GET', url: '/api/posts/map?bbox=-80,43,-79,44&zoom=16&type=firewood' }))).json();
    expect(JSON.stringify(map)).not.toContain(id);
    expect((await ctx.app.inject(as(reporters[0]!.cookie, { method: 'GET', url: `/api/posts/${id}` }))).statusCode).toBe(404);
    // Its owner still sees it, and is told why it is gone from the lists.
    expect((await ctx.app.inject(as(owner.cookie, { method: 'GET', url: `/api/posts/${id}` }))).statusCode).toBe(200);
    const [n] = (await ctx.app.inject(as(owner.cookie, { method: 'GET', url: '/api/notifications' }))).json().items;
    expect(n).toMatchObject({ type: 'post_hidden', data: { postId: id, postTitle: 'Suspicious logs' } });
  });

  it('takes 10 reports an hour from one address, then 429 with the retry time', async () => {
    for (let i = 0; i < 10; i++) expect((await report(null, { postId: await newPost(`Post ${i}`), reason: 'spam' }, '10.63.0.1')).statusCode).toBe(201);
    const res = await report(null, { postId: await newPost(), reason: 'spam' }, '10.63.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many reports from this address\./);
  });
});
