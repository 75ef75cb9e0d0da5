import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';
import { createSeal } from './seal';
import { warnUnlessUnavailable } from '../../db/availability';

export { createMailStopLinks, type MailStopLinks } from './stop-link';

/** A mail to send. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The text carries a secret (a password link): it is kept sealed in the outbox (mail/seal.ts). */
  sealed?: boolean;
  /** Headers of its own (List-Unsubscribe for message mail, docs/decisions/0138). */
  headers?: Record<string, string>;
}

/** Attempts before a mail is given up (each failure logged); the waits between them double from a minute. */
export const MAIL_ATTEMPTS = 5;
const RETRY_BASE_S = 60;
/** How long sent mail is kept (for questions about it), then deleted. */
export const MAIL_KEPT_DAYS = 30;
/** How often an instance looks for mail to send. */
export const MAIL_POLL_MS = 2_000;

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Mail through the outbox (docs/decisions/0078): `enqueue` writes a row (in the caller's
 * transaction when given), and every instance's sender claims due rows with FOR UPDATE SKIP
 * LOCKED, so each mail goes out once whatever the number of instances, and survives a restart.
 * Without SMTP_URL nothing is written: the product sends no mail.
 */
export function createMailService(deps: { db: Db; smtpUrl?: string; from: string; log: Log; secret?: string }) {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  const sealer = deps.secret ? createSeal(deps.secret) : null;

  /** The text to store: sealed when the mail asks it (only the app, which has the session secret, sends such mail). */
  function stored(mail: Mail): string {
    if (!mail.sealed) return mail.text;
    if (!sealer) throw new Error('a sealed mail needs the session secret');
    return sealer.seal(mail.text);
  }

  /** Claims due mail: each claimed row's attempt is counted and its next try set before it is sent. */
  async function claim(limit: number) {
    return deps.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql`now()`), sql`${outbox.attempts} < ${MAIL_ATTEMPTS}`))
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const row of due) {
        await tx
          .update(outbox)
          .set({ attempts: row.attempts + 1, nextAttemptAt: sql`now() + make_interval(secs => ${RETRY_BASE_S * 2 ** row.attempts})` })
          .where(eq(outbox.id, row.id));
      }
      return due;
    });
  }

  return {
    /** Whether mail is configured (SMTP_URL). */
    enabled: transport !== null,

    /** Queues a mail, in the caller's transaction when given; nothing when mail is not configured. */
    async enqueue(mail: Mail, tx: Pick<Db, 'insert'> = deps.db): Promise<void> {
      if (!transport) return;
      const meta = mail.headers ? { headers: mail.headers } : null;
      await tx.insert(outbox).values({ to: mail.to, subject: mail.subject, text: stored(mail), sealed: mail.sealed ?? false, meta });
    },

    /** Sends the mail that is due; the number sent. */
    async sendDue(limit = 20): Promise<number> {
      if (!transport) return 0;
      let sent = 0;
      for (const row of await claim(limit)) {
        const text = row.sealed ? (sealer?.open(row.text) ?? null) : row.text;
        if (text === null) {
          // Sealed under another secret (a restore, a new SESSION_SECRET): its link would not work either.
          await deps.db.update(outbox).set({ attempts: MAIL_ATTEMPTS, lastError: 'sealed under another session secret' }).where(eq(outbox.id, row.id));
          deps.log.warn({ mail: row.id }, 'a sealed mail could not be opened: given up');
          continue;
        }
        try {
          await transport.sendMail({ from: deps.from, to: row.to, subject: row.subject, text, headers: row.meta?.headers });
          await deps.db.update(outbox).set({ sentAt: sql`now()`, lastError: null }).where(eq(outbox.id, row.id));
          sent += 1;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          await deps.db.update(outbox).set({ lastError: message.slice(0, 500) }).where(eq(outbox.id, row.id));
          deps.log.warn({ err: { message }, attempt: row.attempts + 1 }, 'a mail could not be sent');
        }
      }
      return sent;
    },

    /** The outbox's depth: mail due now, waiting for a retry, and given up after MAIL_ATTEMPTS (GET /metrics). */
    async depth(): Promise<Record<'due' | 'waiting' | 'failed', number>> {
      const [row] = await deps.db
        .select({
          due: sql<number>`count(*) FILTER (WHERE ${outbox.attempts} < ${MAIL_ATTEMPTS} AND ${outbox.nextAttemptAt} <= now())::int`,
          waiting: sql<number>`count(*) FILTER (WHERE ${outbox.attempts} < ${MAIL_ATTEMPTS} AND ${outbox.nextAttemptAt} > now())::int`,
          failed: sql<number>`count(*) FILTER (WHERE ${outbox.attempts} >= ${MAIL_ATTEMPTS})::int`,
        })
        .from(outbox)
        .where(isNull(outbox.sentAt));
      return row!;
    },

    /** Forgets mail sent more than MAIL_KEPT_DAYS ago (a daily job, docs/decisions/0085). */
    async sweepSent(): Promise<void> {
      await deps.db.delete(outbox).where(lte(outbox.sentAt, sql`now() - make_interval(days => ${MAIL_KEPT_DAYS})`));
    },

    /**
     * Looks for mail every MAIL_POLL_MS until stopped; the stop waits for a round under way, so the
     * pool is not closed beneath it (its mail would be claimed and not sent until the next try).
     */
    start(): () => Promise<void> {
      if (!transport) return async () => {};
      let round: Promise<void> | null = null;
      const timer = setInterval(() => {
        if (round) return;
        round = this.sendDue()
          .then(() => undefined)
          .catch((err: unknown) => warnUnlessUnavailable(deps.log, err, {}, 'the mail sender failed'))
          .finally(() => (round = null));
      }, MAIL_POLL_MS);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await round;
        transport.close();
      };
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

/**
 * The site's origin for links that mail carries (an invitation, a password link): only with mail
 * set up and PUBLIC_URL, never a request's Host header, which the sender chooses. Null otherwise.
 */
export const mailedLinkOrigin = (mail: Pick<MailService, 'enabled'>, publicUrl: string | undefined): string | null =>
  mail.enabled && publicUrl ? new URL(publicUrl).origin : null;
