import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import { quotedPrintable } from '../mail-text';

/** A mail the in-process SMTP server received: its recipients and its text (quoted-printable decoded). */
export interface ReceivedMail {
  to: string[];
  text: string;
}

/**
 * A real SMTP server on this machine for one test file (never the network): its SMTP_URL, what it
 * received, and a wait for the first mail to an address (up to 10 s). Closed after the file.
 */
export async function useSmtpServer() {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: quotedPrintable(raw) });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)));
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  async function mailTo(address: string, ms = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + ms;
    for (;;) {
      const mail = received.find((m) => m.to.includes(address));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return { url: `smtp://127.0.0.1:${port}`, received, mailTo };
}
