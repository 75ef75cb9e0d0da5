import { describe, expect, it } from 'vitest';
import { setMemberEmail } from '../../src/server/modules/admin/member-email';
import { maskedAddress } from '../../src/server/modules/auth/service';
import { createMailService } from '../../src/server/modules/mail/service';
import { runAdmin } from './admin-cli';
import { as, metMidway, registerMember, sessionCookie, uniqueEmail, useTestApp } from './helpers';
import { useSmtpServer } from './smtp';

/**
 * `npm run admin -- email MEMBER NEW-EMAIL` (docs/decisions/0139): the owner gives a member back an
 * account that was taken over and moved to another address.
 */
const smtp = await useSmtpServer();
const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'https://fruit.example.org' };
const ctx = useTestApp(env);

const setEmail = (...args: string[]) => runAdmin(ctx, env, ['email', ...args]);
const me = async (cookie: string) => (await ctx.app.inject(as(cookie, { method: 'GET', url: '/api/auth/me' }))).statusCode;
let addresses = 0;
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: `10.67.0.${++addresses}` });
const mailsTo = (email: string, saying: string) => smtp.received.filter((m) => m.to.includes(email) && m.text.includes(saying));

describe('npm run admin -- email MEMBER NEW-EMAIL', () => {
  it('moves a taken-over account back to its owner by its id, signs the thief out and tells both addresses', async () => {
    const owner = await registerMember(ctx.app, { username: 'Olive Owner' });
    // The thief knows the password: signs in elsewhere and moves the account to their address.
    const thief = sessionCookie(await login(owner.email, owner.password));
    const theirs = uniqueEmail('thief');
    const moved = await ctx.app.inject(as(thief, { method: 'PUT', url: '/api/user/email', payload: { email: theirs, password: owner.password } }));
    expect(moved.statusCode, moved.body).toBe(200);

    const run = setEmail(owner.id, owner.email);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `Olive Owner now signs in with ${owner.email} (was ${theirs}), was signed out of 2 browsers, and has no password now. Both addresses are told by mail. The new one gets a link to choose a password.`,
    );
    await expect.poll(() => me(thief)).toBe(401);
    await expect.poll(() => me(owner.cookie)).toBe(401);
    // The thief knows the password: it no longer signs in, with either address.
    expect((await login(theirs, owner.password)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(401);

    const told = 'The owner of Free Fruit, Firewood & Skids set the email of your account (Olive Owner) to';
    await expect.poll(() => mailsTo(owner.email, `${told} this address`).length, { timeout: 10_000 }).toBe(1);
    expect(mailsTo(owner.email, told)[0]!.text).toContain('and cleared its password. You sign in with this address from now on.');
    expect(mailsTo(owner.email, told)[0]!.text).toContain('Choose a new password here: https://fruit.example.org/forgot-password');
    await expect.poll(() => mailsTo(theirs, told).length, { timeout: 10_000 }).toBe(1);
    const toThief = mailsTo(theirs, told)[0]!.text;
    expect(toThief).toContain(maskedAddress(owner.email));
    expect(toThief).not.toContain(owner.email);

    const { rows } = await ctx.database.pool.query('SELECT admin_id, admin_name, target_name, changes FROM audit_log WHERE action = $1 AND target_id = $2', ['email_set', owner.id]);
    expect(rows).toEqual([{ admin_id: null, admin_name: 'the command line (npm run admin)', target_name: 'Olive Owner', changes: null }]);

    // The owner of the account chooses a new password (here set by the site's owner) and is back in.
    expect(runAdmin(ctx, env, ['password', owner.email], 'mine again\n').status).toBe(0);
    expect((await login(owner.email, 'mine again')).statusCode).toBe(200);
  });

  it('leaves no way back to an email change the thief started before it: it checked the password the command cleared', async () => {
    const owner = await registerMember(ctx.app, { username: 'Raced Owner' });
    const thief = sessionCookie(await login(owner.email, owner.password));
    const mail = createMailService({ db: ctx.database.db, smtpUrl: smtp.url, from: 'x <x@example.org>', log: { warn: () => undefined } });
    const theirs = uniqueEmail('racing-thief');
    // The command holds the member's row while the thief's change, its password checked, waits for it.
    const [set, moved] = await metMidway(
      ctx,
      { table: 'users', when: 'BEFORE UPDATE' },
      () => setMemberEmail(ctx.database, { mail, origin: null }, { ref: owner.id, email: uniqueEmail('restored'), by: 'the test' }),
      () => ctx.app.inject(as(thief, { method: 'PUT', url: '/api/user/email', payload: { email: theirs, password: owner.password } })),
    );
    expect(set.outcome).toBe('moved');
    expect(moved.statusCode, moved.body).toBe(401);
    expect((await login(theirs, owner.password)).statusCode).toBe(401);
  });

  it('names the member by their email too, in any case', async () => {
    const member = await registerMember(ctx.app, { username: 'Lost Mailbox' });
    const next = uniqueEmail('new');
    const run = setEmail(` ${member.email.toUpperCase()} `, next);
    expect(run.status, run.stderr).toBe(0);
    const { rows } = await ctx.database.pool.query('SELECT email FROM users WHERE id = $1', [member.id]);
    expect(rows).toEqual([{ email: next }]);
  });

  it('refuses an address in use, a member it does not know and a bad address, changing nothing', async () => {
    const member = await registerMember(ctx.app);
    const other = await registerMember(ctx.app);
    const taken = setEmail(member.id, other.email.toUpperCase());
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain(`Another account uses ${other.email.toUpperCase()}: nothing was changed.`);
    const nobody = setEmail(uniqueEmail('nobody'), uniqueEmail('new'));
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain('No member with the email or id');
    const bad = setEmail(member.id, 'not an address');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Invalid email address: not an address');
    const same = setEmail(member.id, member.email);
    expect(same.status).toBe(0);
    expect(same.stdout).toContain('already signs in with');
    const short = setEmail(member.id);
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('email MEMBER NEW-EMAIL');
    expect(await me(member.cookie)).toBe(200);
    expect(await me(other.cookie)).toBe(200);
  });
});
