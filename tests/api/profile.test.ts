import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../src/domain/account';
import { notify } from '../../src/server/events/bus';
import { MEMBER_CHANGED, SESSION_CHANGED } from '../../src/server/events/topics';
import { EMAIL_TAKEN, INVALID_CREDENTIALS } from '../../src/server/modules/auth/service';
import { metMidway, registerMember, sessionCookie, uniqueEmail, useTestApps, type Member, type TestContext } from './helpers';
import { VALID_POST } from './posts-helpers';
import { useSmtpServer } from './smtp';

/**
 * A member's name and email (docs/decisions/0136): renamed at will (within a daily limit), the
 * email changed with the password asked again and the old address told; two instances, so what
 * one keeps of the member's session is seen to change on the other.
 */
const smtp = await useSmtpServer();
const [one, two] = useTestApps(2, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://fruit.example.org' }) as [TestContext, TestContext];

let addresses = 0;
const nextAddress = () => `10.67.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const call = (ctx: TestContext, member: Member | null, method: 'GET' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, remoteAddress: nextAddress(), headers: member ? { cookie: member.cookie } : {} });
const login = (email: string, password: string) =>
  one.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: nextAddress() });
const meOn = async (ctx: TestContext, member: Member) => (await call(ctx, member, 'GET', '/api/auth/me')).json();

describe('PATCH /api/user/me', () => {
  it('renames the member, seen at once by every instance that keeps their session', async () => {
    const member = await registerMember(one.app, { username: 'Old Name' });
    expect((await meOn(two, member)).username).toBe('Old Name');
    const res = await call(one, member, 'PATCH', '/api/user/me', { username: '  Fern Gully  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ username: 'Fern Gully', badgeDropped: false });
    await expect.poll(async () => (await meOn(two, member)).username).toBe('Fern Gully');
    const profile = await call(two, null, 'GET', `/api/users/${member.id}`);
    expect(profile.json()).toMatchObject({ username: 'Fern Gully' });
  });

  it("takes a verified member's badge with the old name, off their profile and their cards on every instance (0146)", async () => {
    const member = await registerMember(one.app, { username: "Erin's Tree Care" });
    const post = (await one.app.inject({ method: 'POST', url: '/api/posts', headers: { cookie: member.cookie }, payload: { ...VALID_POST, title: 'Oak rounds' } })).json();
    await one.database.pool.query(`UPDATE users SET is_verified = true, verified_type = 'arborist', verified_at = now() WHERE id = $1`, [member.id]);
    await notify(one.database.pool, MEMBER_CHANGED, { userId: member.id });
    await notify(one.database.pool, SESSION_CHANGED, { userId: member.id });
    await expect.poll(async () => (await call(two, null, 'GET', `/api/users/${member.id}`)).json().verifiedType).toBe('arborist');
    await expect.poll(async () => (await call(two, member, 'GET', `/api/posts/${post.id}`)).json().ownerVerifiedType).toBe('arborist');

    // The same letters in another case keep it.
    expect((await call(one, member, 'PATCH', '/api/user/me', { username: "ERIN'S TREE CARE" })).json()).toEqual({ username: "ERIN'S TREE CARE", badgeDropped: false });
    await expect.poll(async () => (await meOn(one, member)).username).toBe("ERIN'S TREE CARE");
    const res = await call(one, member, 'PATCH', '/api/user/me', { username: 'Toronto Parks (Official)' });
    expect(res.json()).toEqual({ username: 'Toronto Parks (Official)', badgeDropped: true });
    await expect.poll(async () => (await call(two, null, 'GET', `/api/users/${member.id}`)).json()).toMatchObject({ isVerified: 'false', verifiedType: null });
    await expect.poll(async () => (await call(two, member, 'GET', `/api/posts/${post.id}`)).json().ownerVerifiedType).toBeNull();
    await expect.poll(async () => (await meOn(two, member)).verifiedType).toBeNull();

    // No admin took it: the audit log says why it went, once, and not for the change of case (0148).
    const { rows } = await one.database.pool.query(`SELECT admin_id, admin_name, action, target_name, changes FROM audit_log WHERE subject_user_id = $1`, [member.id]);
    expect(rows).toEqual([
      {
        admin_id: null,
        admin_name: 'the member',
        action: 'verification_lapsed',
        target_name: 'Toronto Parks (Official)',
        changes: { before: { username: "ERIN'S TREE CARE", verifiedType: 'arborist' }, after: { username: 'Toronto Parks (Official)', verifiedType: null } },
      },
    ]);
  });

  it('keeps the badge of a name saved with a run of spaces, saved again with one (0148)', async () => {
    const member = await registerMember(one.app, { username: 'Gus Grove' });
    await one.database.pool.query(`UPDATE users SET username = 'Gus  Grove', is_verified = true, verified_type = 'arborist', verified_at = now() WHERE id = $1`, [member.id]);
    await notify(one.database.pool, SESSION_CHANGED, { userId: member.id });
    await expect.poll(async () => (await meOn(one, member)).username).toBe('Gus  Grove');
    const res = await call(one, member, 'PATCH', '/api/user/me', { username: 'Gus  Grove' });
    expect(res.json()).toEqual({ username: 'Gus Grove', badgeDropped: false });
    expect((await call(one, null, 'GET', `/api/users/${member.id}`)).json()).toMatchObject({ username: 'Gus Grove', verifiedType: 'arborist' });
  });

  it.each([
    [{ username: 'a' }, 'Username must be at least 2 characters'],
    [{ username: 'Admin\u200b' }, 'Username cannot contain invisible characters'],
    [{}, 'Username must be at least 2 characters'],
  ])('answers %o with 400 and its message', async (payload, message) => {
    const member = await registerMember(one.app, { username: 'Kept Name' });
    const res = await call(one, member, 'PATCH', '/api/user/me', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await meOn(one, member)).username).toBe('Kept Name');
  });

  it("is refused to a suspended member, with the suspension's words", async () => {
    const member = await registerMember(one.app, { username: 'Suspended Sam' });
    await one.database.pool.query(`UPDATE users SET suspended_at = now(), suspended_until = NULL, suspension_reason = 'Spam' WHERE id = $1`, [member.id]);
    await notify(one.database.pool, SESSION_CHANGED, { userId: member.id });
    await expect.poll(async () => (await meOn(one, member)).suspension).not.toBeNull();
    const res = await call(one, member, 'PATCH', '/api/user/me', { username: 'Site Admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('suspended');
    expect((await meOn(one, member)).username).toBe('Suspended Sam');
  });

  it('refuses the same name, a guest, and a sixth change in a day', async () => {
    const member = await registerMember(one.app, { username: 'Same Name' });
    expect((await call(one, member, 'PATCH', '/api/user/me', { username: 'Same Name' })).json()).toEqual({ message: PROFILE_MESSAGES.sameName });
    const guest = await call(one, null, 'PATCH', '/api/user/me', { username: 'Guest Name' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: PROFILE_MESSAGES.signIn });
    for (let i = 1; i <= 5; i += 1) expect((await call(one, member, 'PATCH', '/api/user/me', { username: `Name ${i}` })).statusCode).toBe(200);
    const limited = await call(one, member, 'PATCH', '/api/user/me', { username: 'Name 6' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/^Too many name changes/), retryAfter: expect.any(Number) });
  });
});

describe('PUT /api/user/email', () => {
  it('moves the sign-in to the new email, tells the old address, and gives this browser a device cookie for it', async () => {
    const member = await registerMember(one.app, { username: 'Moving Mo' });
    const moved = uniqueEmail('moved');
    const res = await call(one, member, 'PUT', '/api/user/email', { email: ` ${moved} `, password: member.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id, email: moved });
    // The browser's device cookie now names the new address (0075: '<name>.<nonce>.<signature>').
    const device = res.cookies.find((c) => c.name === '__Secure-device' && c.path === '/api/auth');
    expect(Buffer.from(device!.value.split('.')[0]!, 'base64url').toString()).toBe(moved);
    await expect.poll(async () => (await meOn(two, member)).email).toBe(moved);
    expect((await login(moved, member.password)).statusCode).toBe(200);
    expect((await login(member.email, member.password)).json()).toEqual({ message: INVALID_CREDENTIALS });
    const told = await smtp.mailTo(member.email);
    expect(told.text).toContain('Your email was changed');
    // The old mailbox learns that it changed, and enough of the new address to know it, not all of it.
    expect(told.text).toContain(`was changed to m***@example.com`);
    expect(told.text).not.toContain(moved);
    // With what the site's owner needs to give the account back (npm run admin -- email, 0139).
    expect(told.text).toContain(`with the account’s id: ${member.id}.`);
  });

  it('voids a password link mailed to the old address', async () => {
    const member = await registerMember(one.app);
    const asked = await one.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: member.email }, remoteAddress: nextAddress() });
    expect(asked.statusCode).toBe(202);
    expect((await call(one, member, 'PUT', '/api/user/email', { email: uniqueEmail('moved'), password: member.password })).statusCode).toBe(200);
    const { rows } = await one.database.pool.query('SELECT 1 FROM password_resets WHERE user_id = $1', [member.id]);
    expect(rows).toEqual([]);
  });

  it('voids a link whose request was under way when the email changed', async () => {
    const member = await registerMember(one.app);
    // The link's request has found the member and waits to write the link when the change comes.
    const [asked, moved] = await metMidway(
      one,
      { table: 'password_resets', when: 'BEFORE INSERT' },
      () => one.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: member.email }, remoteAddress: nextAddress() }),
      () => call(one, member, 'PUT', '/api/user/email', { email: uniqueEmail('moved'), password: member.password }),
    );
    expect(asked.statusCode).toBe(202);
    expect(moved.statusCode, moved.body).toBe(200);
    const { rows } = await one.database.pool.query('SELECT 1 FROM password_resets WHERE user_id = $1', [member.id]);
    expect(rows).toEqual([]);
  });

  it('refuses a change from a browser that a password reset signed out while it was under way', async () => {
    const member = await registerMember(one.app);
    const thiefMember = { ...member, cookie: sessionCookie(await login(member.email, member.password)) };
    const asked = await one.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: member.email }, remoteAddress: nextAddress() });
    expect(asked.statusCode).toBe(202);
    const token = (await smtp.mailTo(member.email)).text.match(/#token=([\w-]+)/)![1]!;
    // The owner's link use holds the member's row; the thief's change, its password checked, waits for it.
    const [reset, stolen] = await metMidway(
      one,
      { table: 'sessions', when: 'BEFORE DELETE' },
      () => one.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'the owner again' }, remoteAddress: nextAddress() }),
      () => call(one, thiefMember, 'PUT', '/api/user/email', { email: 'thief@evil.example', password: member.password }),
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual({ message: PROFILE_MESSAGES.wrongPassword });
    expect((await login(member.email, 'the owner again')).statusCode).toBe(200);
  });

  it("meets a link being used without a deadlock: the member's row is taken first by both", async () => {
    const member = await registerMember(one.app);
    expect((await one.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: member.email }, remoteAddress: nextAddress() })).statusCode).toBe(202);
    const token = (await smtp.mailTo(member.email)).text.match(/#token=([\w-]+)/)![1]!;
    // The link's use waits as it takes the link; the change comes meanwhile.
    const [reset, moved] = await metMidway(
      one,
      { table: 'password_resets', when: 'BEFORE DELETE' },
      () => one.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'chosen anew' }, remoteAddress: nextAddress() }),
      () => call(one, member, 'PUT', '/api/user/email', { email: uniqueEmail('moved'), password: member.password }),
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(moved.statusCode, moved.body).toBe(401);
  });

  it('counts a right password given again as no attempt, whatever becomes of the change', async () => {
    const member = await registerMember(one.app);
    const other = await registerMember(one.app);
    for (let i = 0; i < 6; i += 1) expect((await call(one, member, 'PUT', '/api/user/email', { email: other.email, password: member.password })).statusCode).toBe(409);
    const changed = await call(one, member, 'PUT', '/api/user/password', { currentPassword: member.password, newPassword: 'still allowed' });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('refuses a wrong password, an address in use, the same address and a guest, changing nothing', async () => {
    const member = await registerMember(one.app);
    const other = await registerMember(one.app);
    const wrong = await call(one, member, 'PUT', '/api/user/email', { email: uniqueEmail('x'), password: 'not mine at all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: PROFILE_MESSAGES.wrongPassword });
    const taken = await call(one, member, 'PUT', '/api/user/email', { email: other.email.toUpperCase(), password: member.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: EMAIL_TAKEN });
    const same = await call(one, member, 'PUT', '/api/user/email', { email: member.email.toUpperCase(), password: member.password });
    expect(same.json()).toEqual({ message: PROFILE_MESSAGES.sameEmail });
    expect((await call(one, member, 'PUT', '/api/user/email', { email: 'not an email', password: member.password })).json().message).toContain('Invalid email address');
    expect((await call(one, null, 'PUT', '/api/user/email', { email: uniqueEmail('g'), password: 'whatever1' })).statusCode).toBe(401);
    expect((await meOn(one, member)).email).toBe(member.email);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });
});
