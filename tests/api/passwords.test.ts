import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/domain/account';
import { PASSWORD_MESSAGES } from '../../src/domain/passwords';
import { INVALID_CREDENTIALS } from '../../src/server/modules/auth/service';
import { as, metMidway, registerMember, sessionCookie, uniqueEmail, useTestApp, type Member } from './helpers';
import { runAdmin, runAdminOnTerminal } from './admin-cli';
import { useSmtpServer } from './smtp';

/**
 * A member's password (docs/decisions/0135): changed with the current one asked again, or chosen
 * anew from a link mailed to a real SMTP server on this machine. Either way the member's other
 * browsers are signed out and the member is told by mail.
 */
const smtp = await useSmtpServer();
const ctx = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://fruit.example.org' });

let addresses = 0;
const nextAddress = () => `10.66.${Math.floor(++addresses / 250)}.${addresses % 250}`;

const change = (cookie: string | null, payload: object, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'PUT', url: '/api/user/password', payload, remoteAddress, headers: cookie ? { cookie } : {} });
const login = (email: string, password: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
const me = async (cookie: string) => (await ctx.app.inject(as(cookie, { method: 'GET', url: '/api/auth/me' }))).statusCode;
const askLink = (email: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress });
const useLink = (token: string, password: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password }, remoteAddress });
const outboxTo = async (to: string) =>
  (await ctx.database.pool.query<{ subject: string; text: string }>('SELECT subject, text FROM outbox WHERE "to" = $1 ORDER BY created_at', [to])).rows;

const seenTokens = new Set<string>();
/** The token of the next link mailed to the member, as the mail the SMTP server received carries it (up to 10 s). */
async function mailedToken(member: Member): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const token = smtp.received
      .filter((m) => m.to.includes(member.email))
      .map((m) => m.text.match(/https:\/\/fruit\.example\.org\/reset-password#token=([\w-]+)/)?.[1])
      .find((t): t is string => t !== undefined && !seenTokens.has(t));
    if (token) {
      seenTokens.add(token);
      return token;
    }
    if (Date.now() > deadline) throw new Error(`no new link mailed to ${member.email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The member signed in a second time, as from another browser. */
async function secondBrowser(member: Member): Promise<string> {
  const res = await login(member.email, member.password);
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}

describe('PUT /api/user/password', () => {
  it('changes it, keeps this browser signed in, signs the others out and tells the member by mail', async () => {
    const member = await registerMember(ctx.app);
    const other = await secondBrowser(member);
    const res = await change(member.cookie, { currentPassword: member.password, newPassword: 'a new secret' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ otherSessionsEnded: 1 });
    expect(await me(member.cookie)).toBe(200);
    expect(await me(other)).toBe(401);
    expect((await login(member.email, member.password)).json()).toEqual({ message: INVALID_CREDENTIALS });
    expect((await login(member.email, 'a new secret')).statusCode).toBe(200);
    const mail = await smtp.mailTo(member.email);
    expect(mail.text).toContain('Your password was changed');
    expect(mail.text).toContain('choose a new password at once: https://fruit.example.org/forgot-password');
  });

  it('ends a sign-in checked against the old password that lands after the change', async () => {
    const member = await registerMember(ctx.app);
    // The sign-in waits to write its session until the change is under way, and then goes on.
    const [thief, changed] = await metMidway(
      ctx,
      { table: 'sessions', when: 'BEFORE INSERT' },
      () => login(member.email, member.password),
      () => change(member.cookie, { currentPassword: member.password, newPassword: 'changed under way' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    if (thief.statusCode === 200) expect(await me(sessionCookie(thief))).toBe(401);
    else expect(thief.json()).toEqual({ message: INVALID_CREDENTIALS });
    expect(await me(member.cookie)).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const member = await registerMember(ctx.app);
    const res = await change(member.cookie, { currentPassword: 'not my password', newPassword: 'a new secret' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: PASSWORD_MESSAGES.wrongCurrent });
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    expect(await outboxTo(member.email)).toEqual([]);
  });

  it.each([
    [{ newPassword: 'a new secret' }, PASSWORD_MESSAGES.currentRequired],
    [{ currentPassword: 'secret123', newPassword: 'short' }, 'Password must be at least 6 characters'],
    [{ currentPassword: 'secret123', newPassword: 'secret123' }, PASSWORD_MESSAGES.same],
  ])('answers %o with 400 and its message', async (payload, message) => {
    const member = await registerMember(ctx.app);
    const res = await change(member.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });

  it('is for members: a guest is asked to sign in', async () => {
    const res = await change(null, { currentPassword: 'secret123', newPassword: 'a new secret' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: PASSWORD_MESSAGES.signIn });
  });

  it('gives a borrowed browser five guesses in all, shared with closing the account', async () => {
    const member = await registerMember(ctx.app);
    for (let i = 0; i < 5; i += 1) expect((await change(member.cookie, { currentPassword: `guess ${i}`, newPassword: 'a new secret' })).statusCode).toBe(401);
    const limited = await change(member.cookie, { currentPassword: member.password, newPassword: 'a new secret' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/^Too many password attempts from this browser/), retryAfter: expect.any(Number) });
    const deleting = await ctx.app.inject(as(member.cookie, { method: 'DELETE', url: '/api/user/me', payload: { password: member.password } }));
    expect(deleting.statusCode).toBe(429);
    expect(await me(member.cookie)).toBe(200);
    // The member's other browser is not shut out by this one's guesses.
    const other = await secondBrowser(member);
    expect((await change(other, { currentPassword: member.password, newPassword: 'a new secret' })).statusCode).toBe(200);
    // A wrong password when closing the account is still its own message.
    const fresh = await registerMember(ctx.app);
    const wrong = await ctx.app.inject(as(fresh.cookie, { method: 'DELETE', url: '/api/user/me', payload: { password: 'nope nope' } }));
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.wrongPassword });
  });
});

describe('the password asked again, across browsers', () => {
  it("caps the member's browsers together at twenty wrong guesses", async () => {
    const member = await registerMember(ctx.app);
    for (let browser = 0; browser < 4; browser += 1) {
      const cookie = await secondBrowser(member);
      for (let i = 0; i < 5; i += 1) expect((await change(cookie, { currentPassword: `guess ${browser}.${i}`, newPassword: 'a new secret' })).statusCode).toBe(401);
    }
    const limited = await change(await secondBrowser(member), { currentPassword: member.password, newPassword: 'a new secret' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many password attempts for this account/);
  });
});

describe('a forgotten password', () => {
  it('mails a link that sets a new password once, signs every other browser out and this one in', async () => {
    const member = await registerMember(ctx.app, { username: 'Forgetful Fern' });
    const other = await secondBrowser(member);
    const asked = await askLink(member.email.toUpperCase());
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: PASSWORD_MESSAGES.resetSent });
    const mail = await smtp.mailTo(member.email);
    expect(mail.text).toContain('Forgetful Fern');
    expect(mail.text).toContain('The link works for one hour, once.');
    const token = await mailedToken(member);

    const used = await useLink(token, 'chosen anew');
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ id: member.id, email: member.email });
    const fresh = sessionCookie(used);
    expect(await me(fresh)).toBe(200);
    expect(await me(member.cookie)).toBe(401);
    expect(await me(other)).toBe(401);
    expect((await login(member.email, 'chosen anew')).statusCode).toBe(200);
    expect((await login(member.email, member.password)).statusCode).toBe(401);

    const again = await useLink(token, 'chosen again');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: PASSWORD_MESSAGES.linkBad });
    expect((await outboxTo(member.email)).map((m) => m.subject)).toEqual(['Choose a new password', 'Your password was changed']);
  });

  it('keeps the link sealed in the outbox: reading the database gives no link that works', async () => {
    const member = await registerMember(ctx.app);
    expect((await askLink(member.email)).statusCode).toBe(202);
    const token = await mailedToken(member);
    const { rows } = await ctx.database.pool.query<{ text: string; sealed: boolean }>(
      `SELECT text, sealed FROM outbox WHERE "to" = $1 AND subject = 'Choose a new password'`,
      [member.email],
    );
    expect(rows).toEqual([{ text: expect.any(String), sealed: true }]);
    expect(rows[0]!.text).not.toContain(token);
    expect(rows[0]!.text).not.toMatch(/reset-password|Choose it here/);
    // Other mail is kept as it was written.
    expect((await change(member.cookie, { currentPassword: member.password, newPassword: 'another one' })).statusCode).toBe(200);
    expect((await outboxTo(member.email)).find((m) => m.subject === 'Your password was changed')?.text).toContain('was changed on');
  });

  it('answers an address no account uses exactly as one that is, and mails nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await askLink(nobody);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_MESSAGES.resetSent });
    expect(await outboxTo(nobody)).toEqual([]);
  });

  it('refuses a link past its hour, one voided by a password change, and one made up', async () => {
    const member = await registerMember(ctx.app);
    expect((await askLink(member.email)).statusCode).toBe(202);
    const expired = await mailedToken(member);
    await ctx.database.pool.query(`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    expect((await useLink(expired, 'chosen anew')).json()).toEqual({ message: PASSWORD_MESSAGES.linkBad });

    expect((await askLink(member.email)).statusCode).toBe(202);
    const voided = await mailedToken(member);
    expect((await change(member.cookie, { currentPassword: member.password, newPassword: 'changed meanwhile' })).statusCode).toBe(200);
    expect((await useLink(voided, 'chosen anew')).statusCode).toBe(400);
    expect((await login(member.email, 'changed meanwhile')).statusCode).toBe(200);

    const madeUp = await useLink('x'.repeat(43), 'chosen anew');
    expect(madeUp.statusCode).toBe(400);
    expect((await useLink('short', 'chosen anew')).json().message).toContain(PASSWORD_MESSAGES.linkMissing);
  });

  it('counts the failed uses of links from a network, not the ones that work', async () => {
    const member = await registerMember(ctx.app);
    expect((await askLink(member.email)).statusCode).toBe(202);
    const token = await mailedToken(member);
    const shared = nextAddress();
    for (let i = 0; i < 19; i += 1) expect((await useLink(`${'y'.repeat(40)}${i}`, 'chosen anew', shared)).statusCode).toBe(400);
    expect((await useLink(token, 'chosen anew', shared)).statusCode).toBe(200);
    expect((await useLink('z'.repeat(43), 'chosen anew', shared)).statusCode).toBe(400);
    const limited = await useLink('w'.repeat(43), 'chosen anew', shared);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many failed attempts to use a password link/);
  });

  it('is asked for at most three times an hour per address, known or not, with the retry time', async () => {
    const member = await registerMember(ctx.app);
    const nobody = uniqueEmail('nobody');
    for (const email of [member.email, nobody]) {
      for (let i = 0; i < 3; i += 1) expect((await askLink(email)).statusCode).toBe(202);
      const limited = await askLink(email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: expect.stringMatching(/^Too many password reset requests for this email/), retryAfter: expect.any(Number) });
    }
    expect((await outboxTo(member.email)).length).toBe(3);
  });

  it('lets the owner back in after someone guessing closed the account to browsers it does not know', async () => {
    const member = await registerMember(ctx.app);
    for (let i = 0; i < 25; i += 1) expect((await login(member.email, `guess ${i}`)).statusCode).toBe(401);
    expect((await login(member.email, member.password)).statusCode).toBe(429);
    expect((await askLink(member.email)).statusCode).toBe(202);
    expect((await useLink(await mailedToken(member), 'chosen anew')).statusCode).toBe(200);
    expect((await login(member.email, 'chosen anew')).statusCode).toBe(200);
  });

  it("shows a pending link's times in the member's export, never its key", async () => {
    const member = await registerMember(ctx.app);
    expect((await askLink(member.email)).statusCode).toBe(202);
    const data = (await ctx.app.inject(as(member.cookie, { method: 'GET', url: '/api/user/export' }))).json();
    expect(data.passwordResetLinks).toEqual([{ createdAt: expect.any(String), expiresAt: expect.any(String) }]);
    const { rows } = await ctx.database.pool.query<{ id: string }>('SELECT id FROM password_resets WHERE user_id = $1', [member.id]);
    expect(JSON.stringify(data)).not.toContain(rows[0]!.id);
    expect(JSON.stringify(data)).not.toContain(await mailedToken(member));
  });

  it('says in the session that a forgotten password can be reset here', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/session' });
    expect(res.json().features).toMatchObject({ resetByEmail: true });
  });
});

describe('npm run admin -- password MEMBER', () => {
  /** The command against the test's database and mail server, the password on its standard input. */
  const setByOwner = (member: string, input: string) => runAdmin(ctx, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://fruit.example.org' }, ['password', member], input);

  it('sets the password of a member who forgot theirs, signs them out everywhere and tells them by mail', async () => {
    const member = await registerMember(ctx.app, { username: 'Locked Out' });
    const run = setByOwner(member.email, 'temporary one\n');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Locked Out (${member.email}) has a new password, and was signed out of 1 browser. They are told by mail.`);
    expect(run.stdout).not.toContain('temporary one');
    await expect.poll(() => me(member.cookie)).toBe(401);
    expect((await login(member.email, 'temporary one')).statusCode).toBe(200);
    expect((await smtp.mailTo(member.email)).text).toContain('Your password was changed');
  });

  it('names the member by their account id too', async () => {
    const member = await registerMember(ctx.app, { username: 'By Id' });
    const run = setByOwner(member.id.toUpperCase(), 'another temporary\n');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`By Id (${member.email}) has a new password`);
    expect((await login(member.email, 'another temporary')).statusCode).toBe(200);
  });

  it('asks twice on a terminal, showing neither, and changes nothing when the two differ', async () => {
    const member = await registerMember(ctx.app, { username: 'Typed Twice' });
    const asked = { prompt: `New password for ${member.email}: `, again: 'The same again: ' };
    const differ = await runAdminOnTerminal(ctx, ['password', member.email], [
      { prompt: asked.prompt, typed: 'first spelling' },
      { prompt: asked.again, typed: 'second spelling' },
    ]);
    expect(differ.output).toContain('The two passwords differ: nothing was changed.');
    expect(differ.status).not.toBe(0);
    expect(differ.output).not.toContain('spelling');
    expect(await me(member.cookie)).toBe(200);
    expect((await login(member.email, member.password)).statusCode).toBe(200);

    const same = await runAdminOnTerminal(ctx, ['password', member.email], [
      { prompt: asked.prompt, typed: 'the same twice' },
      { prompt: asked.again, typed: 'the same twice' },
    ]);
    expect(same.status, same.output).toBe(0);
    expect(same.output).toContain(`Typed Twice (${member.email}) has a new password`);
    expect(same.output).not.toContain('the same twice');
    expect((await login(member.email, 'the same twice')).statusCode).toBe(200);
  });

  it("refuses a password the app would refuse, and an address no member uses, changing nothing", async () => {
    const member = await registerMember(ctx.app);
    const short = setByOwner(member.email, 'short\n');
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('Password must be at least 6 characters');
    const nobody = setByOwner(uniqueEmail('nobody'), 'a fine password\n');
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain('No member with the email or id');
    expect(await me(member.cookie)).toBe(200);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });
});
