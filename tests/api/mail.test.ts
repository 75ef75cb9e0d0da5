import { describe, expect, it } from 'vitest';
import { createMailService, MAIL_ATTEMPTS } from '../../src/server/modules/mail/service';
import { as, registerMember, useTestApps, type Member, type TestContext } from './helpers';
import { useSmtpServer } from './smtp';

/**
 * Mail through the outbox (docs/decisions/0078), to a real SMTP server on this machine: a message
 * is mailed to its recipient once, whichever of two instances sends it.
 */
const smtp = await useSmtpServer();
const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Free Fruit <hello@example.org>', PUBLIC_URL: 'https://fruit.example.org' };
const [one, two] = useTestApps(2, env) as [TestContext, TestContext];

describe('mail for a new message', () => {
  it('is sent once to the recipient, with the sender, the text and a link to the thread', async () => {
    const ann = await registerMember(one.app, { username: 'Ann Apple' });
    const bob = await registerMember(two.app, { username: 'Bob Birch' });
    const res = await two.app.inject(as(bob.cookie, { method: 'POST', url: '/api/messages', payload: { toUserId: ann.id, content: 'Can I come at six?', subject: 'Pickup' } }));
    expect(res.statusCode, res.body).toBe(201);

    const mail = await smtp.mailTo(ann.email);
    expect(mail.text).toContain('Subject: Pickup');
    expect(mail.text).toContain('From: Free Fruit <hello@example.org>');
    expect(mail.text).toContain('Bob Birch wrote:');
    expect(mail.text).toContain('Can I come at six?');
    expect(mail.text).toContain(`https://fruit.example.org/messages?with=${bob.id}`);
    // Both instances poll the outbox; the mail still goes out once.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(smtp.received.filter((m) => m.to.includes(ann.email))).toHaveLength(1);
    expect(smtp.received.some((m) => m.to.includes(bob.email))).toBe(false);
  });
});

describe('mail for a run of messages (docs/decisions/0137)', () => {
  const send = (from: Member, to: Member, content: string, ctx = one) =>
    ctx.app.inject(as(from.cookie, { method: 'POST', url: '/api/messages', payload: { toUserId: to.id, content } }));
  const mailsTo = (who: Member) => smtp.received.filter((m) => m.to.includes(who.email));

  it('mails the first unread message of a conversation, not the next ones, and again once it is read', async () => {
    const cy = await registerMember(one.app, { username: 'Cy Cedar' });
    const di = await registerMember(one.app, { username: 'Di Dogwood' });
    expect((await send(cy, di, 'Are the pears still there?')).statusCode).toBe(201);
    const first = await smtp.mailTo(di.email);
    expect(first.text).toContain('Are the pears still there?');
    expect(first.text).toContain('Until you read this conversation, its next messages are not mailed.');
    expect(first.text).toContain('turn them off on your account page: https://fruit.example.org/account');
    expect((await send(cy, di, 'I could come tonight.')).statusCode).toBe(201);
    expect((await send(cy, di, 'Or tomorrow morning.')).statusCode).toBe(201);
    // The other direction is another run: Di's reply is mailed to Cy.
    expect((await send(di, cy, 'Tomorrow is fine.')).statusCode).toBe(201);
    await smtp.mailTo(cy.email);
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(mailsTo(di)).toHaveLength(1);

    const read = await one.app.inject(as(di.cookie, { method: 'POST', url: `/api/messages/with/${cy.id}/read` }));
    expect(read.statusCode, read.body).toBeLessThan(300);
    expect((await send(cy, di, 'On my way.')).statusCode).toBe(201);
    await expect.poll(() => mailsTo(di).length, { timeout: 10_000 }).toBe(2);
    expect(mailsTo(di)[1]!.text).toContain('On my way.');
  });

  it('mails nothing to a member who turned it off, and says so in their preferences', async () => {
    const ed = await registerMember(one.app, { username: 'Ed Elm' });
    const fay = await registerMember(one.app, { username: 'Fay Fir' });
    const prefs = (method: 'GET' | 'PUT', payload?: object) => one.app.inject(as(fay.cookie, { method, url: '/api/user/preferences', payload }));
    expect((await prefs('GET')).json()).toEqual({ mailMessages: true });
    expect((await prefs('PUT', { mailMessages: false })).json()).toEqual({ mailMessages: false });
    expect((await prefs('GET')).json()).toEqual({ mailMessages: false });
    const bad = await prefs('PUT', { mailMessages: 'no' });
    expect(bad.statusCode).toBe(400);
    expect((await send(ed, fay, 'Firewood for you?')).statusCode).toBe(201);
    const notified = await one.app.inject(as(fay.cookie, { method: 'GET', url: '/api/notifications' }));
    expect(JSON.stringify(notified.json())).toContain('Firewood for you?');
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(mailsTo(fay)).toEqual([]);
    const session = await one.app.inject(as(fay.cookie, { method: 'GET', url: '/api/session' }));
    expect(session.json().features.mailsMessages).toBe(true);
  });
});

describe('a sealed mail (a password link, docs/decisions/0135)', () => {
  it('is given up, not sent, when it was sealed under another session secret', async () => {
    // Queued by a service holding another secret (as after a restore under a new SESSION_SECRET).
    const other = createMailService({ db: one.database.db, smtpUrl: smtp.url, from: 'x <x@example.org>', log: { warn: () => undefined }, secret: 'another secret that is at least thirty-two characters' });
    const to = `sealed-${Date.now()}@example.com`;
    await other.enqueue({ to, subject: 'Choose a new password', text: 'a link', sealed: true });
    const { rows } = await one.database.pool.query<{ id: string }>('SELECT id FROM outbox WHERE "to" = $1', [to]);
    // The apps' senders hold the test's secret, not this one: they give it up.
    await expect
      .poll(async () => (await one.database.pool.query('SELECT attempts, last_error, sent_at FROM outbox WHERE id = $1', [rows[0]!.id])).rows[0], { timeout: 10_000 })
      .toEqual({ attempts: MAIL_ATTEMPTS, last_error: 'sealed under another session secret', sent_at: null });
    expect(smtp.received.some((m) => m.to.includes(to))).toBe(false);
  });
});
