import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { as, registerMember, useTestApps, type TestContext } from './helpers';

/**
 * Mail through the outbox (docs/decisions/0078), to a real SMTP server on this machine: a message
 * is mailed to its recipient once, whichever of two instances sends it.
 */
interface Received {
  to: string[];
  raw: string;
}
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
const port = await new Promise<number>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Free Fruit <hello@example.org>', PUBLIC_URL: 'https://fruit.example.org' };
const [one, two] = useTestApps(2, env) as [TestContext, TestContext];

/** The text of a quoted-printable body (RFC 2045 §6.7). */
const quotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function until<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('mail for a new message', () => {
  it('is sent once to the recipient, with the sender, the text and a link to the thread', async () => {
    const ann = await registerMember(one.app, { username: 'Ann Apple' });
    const bob = await registerMember(two.app, { username: 'Bob Birch' });
    const res = await two.app.inject(as(bob.cookie, { method: 'POST', url: '/api/messages', payload: { toUserId: ann.id, content: 'Can I come at six?', subject: 'Pickup' } }));
    expect(res.statusCode, res.body).toBe(201);

    const mail = await until(() => received.find((m) => m.to.includes(ann.email)));
    expect(mail.raw).toContain('Subject: Pickup');
    expect(mail.raw).toContain('From: Free Fruit <hello@example.org>');
    expect(mail.raw).toContain('Bob Birch wrote:');
    expect(mail.raw).toContain('Can I come at six?');
    expect(quotedPrintable(mail.raw)).toContain(`https://fruit.example.org/messages?with=${bob.id}`);
    // Both instances poll the outbox; the mail still goes out once.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(received.filter((m) => m.to.includes(ann.email))).toHaveLength(1);
    expect(received.some((m) => m.to.includes(bob.email))).toBe(false);
  });
});
