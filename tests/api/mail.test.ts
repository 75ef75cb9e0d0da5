import { describe, expect, it } from 'vitest';
import { createMailService, MAIL_ATTEMPTS } from '../../src/server/modules/mail/service';
import { as, registerMember, useTestApps, type TestContext } from './helpers';
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
