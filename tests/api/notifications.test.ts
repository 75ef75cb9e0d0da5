import { beforeAll, describe, expect, it } from 'vitest';
import { MARK_ALL_READ_INVALID } from '../../src/domain/notifications';
import { NOTIFICATION_MESSAGES } from '../../src/server/modules/notifications/service';
import { as, registerMember, useTestApp, type Member } from './helpers';

/** Stored notifications (spec §2 Header bell, §3; DECISIONS 14, 15). The live socket: notifications-socket.test.ts. */
const ctx = useTestApp();
let ann: Member;
let bob: Member;

beforeAll(async () => {
  ann = await registerMember(ctx.app, { username: 'Ann Apple' });
  bob = await registerMember(ctx.app, { username: 'Bob Birch' });
});

const call = (cookie: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject(cookie ? as(cookie, { method, url, payload }) : { method, url, payload });
const list = async (who: Member, query = '') => (await call(who.cookie, 'GET', `/api/notifications${query}`)).json();
/** Bob writes to Ann `count` times (Message from, from + 1, …): each message is a new_message notification for Ann. */
async function bobWrites(count: number, from = 1) {
  for (let i = from; i < from + count; i++) {
    const res = await call(bob.cookie, 'POST', '/api/messages', { toUserId: ann.id, content: `Message ${i}` });
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe('the bell', () => {
  it('lists the member’s own notifications, newest first, with the unread count, page by page', async () => {
    await bobWrites(3);
    const first = await list(ann, '?limit=2');
    expect(first.unread).toBe(3);
    expect(first.items.map((n: { data: { content: string } }) => n.data.content)).toEqual(['Message 3', 'Message 2']);
    expect(first.items[0]).toMatchObject({ type: 'new_message', read: false, data: { fromUserId: bob.id, fromUsername: 'Bob Birch' } });
    const second = await list(ann, `?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(second.items.map((n: { data: { content: string } }) => n.data.content)).toEqual(['Message 1']);
    expect(second.nextCursor).toBeNull();
    expect(await list(bob)).toEqual({ items: [], unread: 0, nextCursor: null });
  });

  it('marks one read, only for its member', async () => {
    const [newest] = (await list(ann)).items;
    expect((await call(bob.cookie, 'POST', `/api/notifications/${newest.id}/read`)).json()).toEqual({ message: NOTIFICATION_MESSAGES.notFound });
    expect((await list(ann)).unread).toBe(3);
    expect((await call(ann.cookie, 'POST', `/api/notifications/${newest.id}/read`)).statusCode).toBe(204);
    expect((await call(ann.cookie, 'POST', `/api/notifications/${newest.id}/read`)).statusCode).toBe(204);
    const after = await list(ann);
    expect(after.unread).toBe(2);
    expect(after.items[0]).toMatchObject({ id: newest.id, read: true });
    expect((await call(ann.cookie, 'POST', '/api/notifications/not-an-id/read')).statusCode).toBe(404);
  });

  it('marks all read up to the newest one shown, not one that came after it; then clears all (spec §2 Clear all)', async () => {
    // The screen shows the newest only (one page of one); Messages 1 and 2 are on pages not loaded.
    const [shown] = (await list(ann, '?limit=1')).items;
    await bobWrites(1, 4); // arrives after the screen was loaded: not seen
    const markUpTo = (who: Member, upTo: string) => call(who.cookie, 'POST', '/api/notifications/read', { upTo });
    // Another member's notification marks nothing, and says nothing about it.
    expect((await markUpTo(bob, shown.id)).statusCode).toBe(204);
    expect((await list(ann)).unread).toBe(3);

    expect((await markUpTo(ann, shown.id)).statusCode).toBe(204);
    const read = await list(ann);
    expect(read.unread).toBe(1);
    expect(read.items.map((n: { data: { content: string }; read: boolean }) => [n.data.content, n.read])).toEqual([
      ['Message 4', false],
      ['Message 3', true],
      ['Message 2', true],
      ['Message 1', true],
    ]);
    expect((await markUpTo(ann, read.items[0].id)).statusCode).toBe(204);
    expect((await list(ann)).unread).toBe(0);

    await bobWrites(1);
    expect((await call(ann.cookie, 'DELETE', '/api/notifications')).statusCode).toBe(204);
    expect(await list(ann)).toEqual({ items: [], unread: 0, nextCursor: null });
  });

  it('is for members only, and refuses a bad page size or cursor with a message', async () => {
    const upTo = { upTo: '00000000-0000-4000-8000-000000000000' };
    for (const [method, url, payload] of [['GET', '/api/notifications'], ['POST', '/api/notifications/read', upTo], ['DELETE', '/api/notifications']] as const) {
      const res = await call(null, method, url, payload);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: NOTIFICATION_MESSAGES.signIn });
    }
    expect((await call(ann.cookie, 'GET', '/api/notifications?limit=0')).statusCode).toBe(400);
    expect((await call(ann.cookie, 'GET', '/api/notifications?limit=101')).statusCode).toBe(400);
    // 'Mark all as read' says up to which notification: without it, or with no id, it is refused.
    await bobWrites(1);
    for (const payload of [undefined, {}, { upTo: 'nonsense' }, { upTo: 42 }]) {
      const res = await call(ann.cookie, 'POST', '/api/notifications/read', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message: MARK_ALL_READ_INVALID, errors: expect.any(Array) });
    }
    expect((await list(ann)).unread).toBe(1);
    const bad = await call(ann.cookie, 'GET', '/api/notifications?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });
});
