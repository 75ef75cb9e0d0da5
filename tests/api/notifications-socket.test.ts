import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_SIGN_IN, CLOSE_SUSPENDED } from '../../src/server/modules/notifications/socket';
import { makeAdmin } from './posts-helpers';
import { as, registerMember, sessionCookie, useTestApps, type Member, type TestContext } from './helpers';

/**
 * The live socket at /ws (spec §3, §4 Live connection; DECISIONS 22), over real HTTP: two app
 * instances on one database, as behind a load balancer. A notification stored through one
 * reaches the member's socket on the other.
 */
const [one, two] = useTestApps(2) as [TestContext, TestContext];
const bases = { one: '', two: '' };
const open = new Set<WebSocket>();
let ann: Member;
let bob: Member;

beforeAll(async () => {
  for (const [name, ctx] of [['one', one], ['two', two]] as const) {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    bases[name] = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws`;
  }
  ann = await registerMember(one.app, { username: 'Ann Apple' });
  bob = await registerMember(one.app, { username: 'Bob Birch' });
});
afterAll(() => {
  for (const socket of open) socket.terminate();
});

/** A client socket and the messages it receives, in order. */
function connect(base: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(base, { headers });
  open.add(socket);
  const received: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    received.push(JSON.parse(String(raw)));
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  /** The `n`th message (1-based), waiting up to 5 s for it. */
  async function nth(n: number) {
    const deadline = Date.now() + 5_000;
    while (received.length < n) {
      if (Date.now() > deadline) throw new Error(`only ${received.length} messages, wanted ${n}`);
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 100);
      });
    }
    return received[n - 1];
  }
  return { socket, received, opened, closed, nth };
}

/** The answer to `authenticate` of the first socket to `base` that is let in, trying again until `ms` have passed. */
async function authenticatedWithin(base: string, cookie: string, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const client = connect(base, { cookie });
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'authenticate' }));
    const reply = client.nth(1);
    reply.catch(() => undefined); // a socket refused never answers: its close says why
    const first = await Promise.race([reply, client.closed.then(({ code }) => ({ closed: code }))]);
    if (!first || !('closed' in first) || first.closed !== CLOSE_SUSPENDED || Date.now() > deadline) return first;
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

describe('the live socket', () => {
  it('answers authenticate with the session’s member, never one named in the message', async () => {
    const client = connect(bases.one, { cookie: ann.cookie });
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'authenticate', userId: bob.id }));
    expect(await client.nth(1)).toEqual({ type: 'authenticated', userId: ann.id });
    client.socket.close();
  });

  it('delivers a notification stored on one instance to the member’s sockets on another, and only theirs', async () => {
    const annOnTwo = connect(bases.two, { cookie: ann.cookie });
    const annOnOne = connect(bases.one, { cookie: ann.cookie });
    const bobOnTwo = connect(bases.two, { cookie: bob.cookie });
    await Promise.all([annOnTwo.opened, annOnOne.opened, bobOnTwo.opened]);
    // The socket is registered once the upgrade is handled: an authenticate round trip proves it.
    for (const client of [annOnTwo, annOnOne, bobOnTwo]) {
      client.socket.send(JSON.stringify({ type: 'authenticate' }));
      await client.nth(1);
    }

    const sent = await one.app.inject(as(bob.cookie, { method: 'POST', url: '/api/messages', payload: { toUserId: ann.id, content: 'Still there?' } }));
    expect(sent.statusCode, sent.body).toBe(201);
    for (const client of [annOnTwo, annOnOne]) {
      const message = await client.nth(2);
      expect(message).toMatchObject({
        type: 'new_message',
        notificationId: expect.any(String),
        createdAt: expect.any(String),
        data: { fromUserId: bob.id, fromUsername: 'Bob Birch', content: 'Still there?', messageId: sent.json().id, postId: null },
      });
    }
    const [stored] = (await two.app.inject(as(ann.cookie, { method: 'GET', url: '/api/notifications' }))).json().items;
    expect((await annOnTwo.nth(2))?.notificationId).toBe(stored?.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobOnTwo.received).toHaveLength(1);

    // Ann reads the conversation on instance one: her sockets on both are told, so her other tabs
    // ask the bell and the inbox again; Bob's is not (0146).
    const read = await one.app.inject(as(ann.cookie, { method: 'POST', url: `/api/messages/with/${bob.id}/read?postId=none` }));
    expect(read.statusCode, read.body).toBe(204);
    for (const client of [annOnTwo, annOnOne]) expect(await client.nth(3)).toEqual({ type: 'notifications_read' });
    // The same when the bell is cleared on instance two.
    expect((await two.app.inject(as(ann.cookie, { method: 'DELETE', url: '/api/notifications' }))).statusCode).toBeLessThan(300);
    for (const client of [annOnTwo, annOnOne]) expect(await client.nth(4)).toEqual({ type: 'notifications_read' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobOnTwo.received).toHaveLength(1);
  });

  it('closes a guest’s socket with 4401, and a socket whose session signs out', async () => {
    const guest = connect(bases.one);
    expect((await guest.closed).code).toBe(CLOSE_SIGN_IN);

    const carol = await registerMember(one.app, { username: 'Carol Cedar' });
    const client = connect(bases.two, { cookie: carol.cookie });
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'authenticate' }));
    await client.nth(1);
    const out = await one.app.inject(as(carol.cookie, { method: 'POST', url: '/api/auth/logout' }));
    expect(out.statusCode).toBeLessThan(300);
    expect((await client.closed).code).toBe(CLOSE_SIGN_IN);
  });

  it('closes a suspended member’s sockets on every instance, and refuses new ones until the suspension is lifted (issue 19)', async () => {
    const dan = await registerMember(one.app, { username: 'Dan Dogwood' });
    const admin = await registerMember(one.app, { username: 'Admin' });
    await makeAdmin(one, admin.id);
    const clients = [connect(bases.one, { cookie: dan.cookie }), connect(bases.two, { cookie: dan.cookie })];
    for (const client of clients) {
      await client.opened;
      client.socket.send(JSON.stringify({ type: 'authenticate' }));
      await client.nth(1);
    }
    const suspended = await one.app.inject(as(admin.cookie, { method: 'POST', url: `/api/admin/users/${dan.id}/suspend`, payload: { reason: 'Spam', end: '7d' } }));
    expect(suspended.statusCode, suspended.body).toBe(200);
    for (const client of clients) expect((await client.closed).code).toBe(CLOSE_SUSPENDED);
    const again = connect(bases.two, { cookie: dan.cookie });
    expect((await again.closed).code).toBe(CLOSE_SUSPENDED);
    await one.app.inject(as(admin.cookie, { method: 'DELETE', url: `/api/admin/users/${dan.id}/suspend` }));
    // The lift reaches the other instance through the event bus, after the answer: a socket opened
    // there at once may still meet the suspension; within a second it is let in.
    expect(await authenticatedWithin(bases.two, dan.cookie, 1_000)).toEqual({ type: 'authenticated', userId: dan.id });
  });

  it('closes the sockets of a deleted account on every device and instance, not only the deleting session’s (DECISIONS 17)', async () => {
    const erin = await registerMember(one.app, { username: 'Erin Elm' });
    const signedIn = await two.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: erin.email, password: erin.password } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const laptop = sessionCookie(signedIn);
    // The phone keeps the session of the registration; the account is deleted from the laptop.
    const clients = [connect(bases.two, { cookie: erin.cookie }), connect(bases.one, { cookie: erin.cookie }), connect(bases.one, { cookie: laptop })];
    for (const client of clients) {
      await client.opened;
      client.socket.send(JSON.stringify({ type: 'authenticate' }));
      await client.nth(1);
    }
    const deleted = await one.app.inject(as(laptop, { method: 'DELETE', url: '/api/user/me', payload: { password: erin.password } }));
    expect(deleted.statusCode, deleted.body).toBe(204);
    const within = (ms: number) => new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms));
    for (const client of clients) {
      const closed = await Promise.race([client.closed, within(3_000)]);
      expect(closed === 'open' ? closed : closed.code).toBe(CLOSE_SIGN_IN);
    }
    // A deleted account has no session left to open one with.
    expect((await connect(bases.two, { cookie: erin.cookie }).closed).code).toBe(CLOSE_SIGN_IN);
  });

  it('refuses a socket opened by another site’s page, and ignores frames it cannot read', async () => {
    const foreign = connect(bases.one, { cookie: ann.cookie, origin: 'https://evil.example' });
    await expect(foreign.opened).rejects.toThrow(/403/);

    const client = connect(bases.one, { cookie: ann.cookie });
    await client.opened;
    client.socket.send('not json');
    client.socket.send(JSON.stringify({ type: 'authenticate' }));
    expect(await client.nth(1)).toEqual({ type: 'authenticated', userId: ann.id });
  });

  it('closes a socket that sends a frame larger than 4 KB', async () => {
    const client = connect(bases.one, { cookie: ann.cookie });
    await client.opened;
    client.socket.send('x'.repeat(5000));
    expect((await client.closed).code).toBe(1009);
  });
});
