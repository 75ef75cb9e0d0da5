import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../src/domain/passwords';
import { REFERRAL_MESSAGES } from '../../src/domain/referrals';
import { as, registerMember, uniqueEmail, useTestApp } from './helpers';
import { useSmtpServer } from './smtp';

/**
 * An invitation's link names the site, never the Host header of the request that asked for it:
 * without PUBLIC_URL the app cannot know its own address, so it mails no invitations (the card
 * offers the link to copy) rather than mail a stranger a link to a host the sender chose. Nor
 * does it mail links to choose a new password (docs/decisions/0135).
 */
const smtp = await useSmtpServer();
const ctx = useTestApp({ SMTP_URL: smtp.url });

describe('POST /api/referrals/invite without PUBLIC_URL', () => {
  it('mails nothing, whatever Host the sender writes, and the session says invitations are not mailed', async () => {
    const member = await registerMember(ctx.app, { username: 'Mallory' });
    const to = uniqueEmail('victim');
    const res = await ctx.app.inject(
      as(member.cookie, { method: 'POST', url: '/api/referrals/invite', payload: { email: to }, headers: { host: 'evil.example' } }),
    );
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: REFERRAL_MESSAGES.mailOff });
    const session = await ctx.app.inject(as(member.cookie, { method: 'GET', url: '/api/session' }));
    expect(session.json().features.inviteByEmail).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((m) => m.to.includes(to))).toEqual([]);
  });
});

describe('POST /api/auth/password-reset without PUBLIC_URL', () => {
  it('mails no link, whatever Host is written, and the session says a password is not reset by mail', async () => {
    const member = await registerMember(ctx.app, { username: 'Forgetful' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: member.email }, headers: { host: 'evil.example' } });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: PASSWORD_MESSAGES.resetOff });
    const session = await ctx.app.inject({ method: 'GET', url: '/api/session' });
    expect(session.json().features.resetByEmail).toBe(false);
    const { rows } = await ctx.database.pool.query('SELECT 1 FROM outbox WHERE "to" = $1', [member.email]);
    expect(rows).toEqual([]);
  });
});
