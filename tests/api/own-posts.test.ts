import { describe, expect, it } from 'vitest';
import { INVALID_PAGE } from '../../src/server/lib/keyset';
import type { OwnPostsPage } from '../../src/domain/own-posts';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { adminMember, report } from './moderation-helpers';
import { createPost, VALID_POST } from './posts-helpers';

/** A member's own posts on their account page (docs/decisions/0146): every one, and why one is in no list. */
const ctx = useTestApp();

const get = (who: Member, url: string) => ctx.app.inject(as(who.cookie, { method: 'GET', url }));
const page = async (who: Member, query = ''): Promise<OwnPostsPage> => {
  const res = await get(who, `/api/user/posts${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/user/posts', () => {
  it("lists the member's posts newest first, says why one is out of lists, and never another member's", async () => {
    const admin = await adminMember(ctx, 'Admin Ada');
    const owner = await registerMember(ctx.app, { username: 'Owner Olu' });
    const other = await registerMember(ctx.app, { username: 'Other Ott' });
    const titles = ['Plums', 'Pears', 'Pine logs'];
    const ids: string[] = [];
    for (const title of titles) ids.push((await createPost(ctx.app, owner.cookie, { ...VALID_POST, title })).json().id);
    await createPost(ctx.app, other.cookie, { ...VALID_POST, title: 'Not theirs' });

    expect((await page(owner)).items.map((p) => [p.title, p.shown])).toEqual([
      ['Pine logs', 'listed'],
      ['Pears', 'listed'],
      ['Plums', 'listed'],
    ]);

    // An admin removes one on a report; then the owner is suspended: the rest leave lists too.
    const filed = (await report(ctx, other, ids[1]!)).json();
    expect((await ctx.app.inject(as(admin.cookie, { method: 'PATCH', url: `/api/admin/reports/${filed.id}`, payload: { status: 'resolved', action: 'remove' } }))).statusCode).toBe(200);
    const suspended = await ctx.app.inject(as(admin.cookie, { method: 'POST', url: `/api/admin/users/${owner.id}/suspend`, payload: { reason: 'Deposits', end: '7d' } }));
    expect(suspended.statusCode).toBe(200);
    const { items } = await page(owner);
    expect(items.map((p) => [p.title, p.shown])).toEqual([
      ['Pine logs', 'suspended'],
      ['Pears', 'removed'],
      ['Plums', 'suspended'],
    ]);
    expect(items[0]).toMatchObject({ id: ids[2], type: VALID_POST.type, status: 'available' });
  });

  it('pages with a cursor, and refuses a forged one with 400', async () => {
    const owner = await registerMember(ctx.app, { username: 'Pager Pat' });
    for (const n of [1, 2, 3]) await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: `Crate ${n}` });
    const first = await page(owner, '?limit=2');
    expect(first.items.map((p) => p.title)).toEqual(['Crate 3', 'Crate 2']);
    const second = await page(owner, `?limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({ items: [expect.objectContaining({ title: 'Crate 1' })], nextCursor: null });
    const forged = await get(owner, '/api/user/posts?cursor=not-a-cursor');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: INVALID_PAGE });
  });
});
