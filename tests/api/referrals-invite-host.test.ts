import { describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES } from '../../src/domain/referrals';
import { as, registerMember, uniqueEmail, useTestApp } from './helpers';
import { useSmtpServer } from './smtp';

/**
 * An invitation's link names the site, never the Host header of the request that asked for it:
 * without PUBLIC_URL the app cannot know its own address, so it mails no invitations (the card
 * offers the link to copy) rather than mail a stranger a link to a host the sender chose.
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
