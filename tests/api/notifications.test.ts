import { beforeAll, describe, expect, it } from 'vitest';
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
/** Bob writes to Ann `count` times: each message is a new_message notification for Ann. */
async function bobWrites(count: number) {
  for (let i = 1; i <= count; i++) {
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

  it('marks all read, then clears all (spec §2 Clear all)', async () => {
    expect((await call(ann.cookie, 'POST', '/api/notifications/read')).statusCode).toBe(204);
    const read = await list(ann);
    expect(read.unread).toBe(0);
    expect(read.items.every((n: { read: boolean }) => n.read)).toBe(true);
    await bobWrites(1);
    expect((await call(ann.cookie, 'DELETE', '/api/notifications')).statusCode).toBe(204);
    expect(await list(ann)).toEqual({ items: [], unread: 0, nextCursor: null });
  });

  it('is for members only, and refuses a bad page size or cursor with a message', async () => {
    for (const [method, url] of [['GET', '/api/notifications'], ['POST', '/api/notifications/read'], ['DELETE', '/api/notifications']] as const) {
      const res = await call(null, method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: NOTIFICATION_MESSAGES.signIn });
    }
    expect((await call(ann.cookie, 'GET', '/api/notifications?limit=0')).statusCode).toBe(400);
    expect((await call(ann.cookie, 'GET', '/api/notifications?limit=101')).statusCode).toBe(400);
    const bad = await call(ann.cookie, 'GET', '/api/notifications?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });
});
