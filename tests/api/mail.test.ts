import { describe, expect, it } from 'vitest';
import { MAIL_STOP_MESSAGES } from '../../src/domain/account';
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

describe('the link that stops message mail (docs/decisions/0138)', () => {
  const send = (from: Member, to: Member, content: string) =>
    one.app.inject(as(from.cookie, { method: 'POST', url: '/api/messages', payload: { toUserId: to.id, content } }));
  const mailMessagesOf = async (who: Member) => (await one.app.inject(as(who.cookie, { method: 'GET', url: '/api/user/preferences' }))).json().mailMessages as boolean;
  /** A header's value as written, its folded lines joined. */
  const headerOf = (text: string, name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim();
  /** The one-click link of the first mail to `who`. */
  async function stopLinkOf(who: Member): Promise<URL> {
    const header = headerOf((await smtp.mailTo(who.email)).text, 'List-Unsubscribe');
    expect(header).toMatch(/^<https:\/\/fruit\.example\.org\/api\/mail\/stop\?u=[\w-]+&t=[\w-]{43}>$/);
    return new URL(header!.slice(1, -1));
  }
  /** As a mail program's own button posts it (RFC 8058): no cookie, a form body. */
  const oneClick = (url: string) =>
    one.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });

  it('rides in the mail for the mail program (one-click) and in its text, and turns message mail off without signing in', async () => {
    const gus = await registerMember(one.app, { username: 'Gus Ginkgo' });
    const hal = await registerMember(one.app, { username: 'Hal Hazel' });
    expect((await send(gus, hal, 'Apples at the gate?')).statusCode).toBe(201);
    const mail = await smtp.mailTo(hal.email);
    expect(headerOf(mail.text, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = await stopLinkOf(hal);
    expect(link.searchParams.get('u')).toBe(hal.id);
    expect(mail.text).toContain(`To stop these mails: https://fruit.example.org/mail/stop?u=${hal.id}&t=${link.searchParams.get('t')}`);

    const res = await oneClick(link.pathname + link.search);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mailMessages: false });
    expect(await mailMessagesOf(hal)).toBe(false);
    // Used again, it answers alike: by the page (no body), and as RFC 8058's example posts it
    // (multipart/form-data) from a mail program's browser engine on another site.
    expect((await one.app.inject({ method: 'POST', url: link.pathname + link.search })).statusCode).toBe(200);
    const boundary = 'AaB03x';
    const multipart = await one.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(multipart.headers['set-cookie']).toBeUndefined();

    await one.app.inject(as(hal.cookie, { method: 'POST', url: `/api/messages/with/${gus.id}/read` }));
    expect((await send(gus, hal, 'Still there tomorrow.')).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(smtp.received.filter((m) => m.to.includes(hal.email))).toHaveLength(1);
  });

  it('refuses a link made for another member, altered or cut, and changes nothing', async () => {
    const ida = await registerMember(one.app, { username: 'Ida Ironwood' });
    const jo = await registerMember(one.app, { username: 'Jo Juniper' });
    expect((await send(ida, jo, 'Kindling for you.')).statusCode).toBe(201);
    const link = await stopLinkOf(jo);
    const t = link.searchParams.get('t')!;
    const altered = `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [`/api/mail/stop?u=${ida.id}&t=${t}`, `/api/mail/stop?u=${jo.id}&t=${altered}`]) {
      const res = await oneClick(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: MAIL_STOP_MESSAGES.invalid });
    }
    for (const url of [`/api/mail/stop?u=${jo.id}`, `/api/mail/stop?u=${jo.id}&t=${t.slice(0, 20)}`, `/api/mail/stop?u=someone&t=${t}`]) {
      const res = await oneClick(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(MAIL_STOP_MESSAGES.invalid);
    }
    expect(await mailMessagesOf(ida)).toBe(true);
    expect(await mailMessagesOf(jo)).toBe(true);
  });

  it('sends a program that opens the link to the page, which asks before anything changes', async () => {
    const kit = await registerMember(one.app, { username: 'Kit Kapok' });
    const lou = await registerMember(one.app, { username: 'Lou Linden' });
    expect((await send(kit, lou, 'Pallets, three of them.')).statusCode).toBe(201);
    const link = await stopLinkOf(lou);
    const res = await one.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/mail/stop${link.search}`);
    // Cut short in the mail program, it still lands on the page, which says so (not on this API's JSON).
    const cut = await one.app.inject({ method: 'GET', url: `/api/mail/stop?u=${lou.id}` });
    expect(cut.statusCode).toBe(303);
    expect(cut.headers.location).toBe(`/mail/stop?u=${lou.id}`);
    const mangled = await one.app.inject({ method: 'GET', url: `/api/mail/stop?u=${lou.id}&u=${lou.id}&t=${'x'.repeat(300)}` });
    expect(mangled.statusCode).toBe(303);
    expect(mangled.headers.location).toBe('/mail/stop');
    expect(await mailMessagesOf(lou)).toBe(true);
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
