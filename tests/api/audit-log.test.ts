import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEntry } from '../../src/domain/admin';
import { runAdmin } from './admin-cli';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { adminMember, call, oldMember, postOf, report } from './moderation-helpers';

/** The audit log (issue 19): a line for every admin action, kept as it was written, paged and filtered. */
const ctx = useTestApp();
let ada: Member;
let bea: Member;
let owner: Member;

type Page = { items: AuditEntry[]; nextCursor: string | null; admins: Array<{ id: string | null; name: string }> };
const log = (who: Member, query = '') => call<Page>(ctx, who, 'GET', `/api/admin/audit-log?limit=100${query}`);

/** `npm run admin -- …` against the test's database, which must succeed. */
function adminCommand(args: string[], input?: string) {
  const run = runAdmin(ctx, {}, args, input);
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

beforeAll(async () => {
  ada = await adminMember(ctx, 'Ada');
  bea = await adminMember(ctx, 'Bea');
  owner = await oldMember(ctx, 'Owner');
  // Every kind of action, by two admins.
  const post = await postOf(ctx, owner, 'Pine pallets');
  const mine = (await report(ctx, await oldMember(ctx), post)).json();
  await call(ctx, ada, 'PATCH', `/api/admin/reports/${mine.id}`, { status: 'resolved', reviewNotes: 'Scam' });
  await call(ctx, bea, 'PATCH', `/api/admin/reports/${mine.id}`, { status: 'resolved', action: 'restore', reviewNotes: 'Fixed' });
  // An admin removing a member's comment (0151).
  const commenter = await registerMember(ctx.app, { username: 'Commenter' });
  const said = await call<{ id: string }>(ctx, commenter, 'POST', `/api/posts/${post}/comments`, { content: 'Cheaper at mine' }, 201);
  await call(ctx, ada, 'DELETE', `/api/comments/${said.id}`, undefined, 204);
  // A badge goes with the name it was given under (0146), and the log says so (0148).
  const renamer = await registerMember(ctx.app, { username: 'Asker renamed' });
  const asked = await call<{ id: string }>(ctx, renamer, 'POST', '/api/verification-requests', { businessName: 'Shop', verifiedType: 'business', businessPhone: '4165550123' }, 201);
  await call(ctx, ada, 'PATCH', `/api/admin/verification-requests/${asked.id}`, { status: 'approved', reviewNotes: 'Checked' });
  await call(ctx, renamer, 'PATCH', '/api/user/me', { username: 'Someone else' });
  for (const status of ['approved', 'rejected'] as const) {
    const member = await registerMember(ctx.app, { username: `Asker ${status}` });
    const request = await call<{ id: string }>(ctx, member, 'POST', '/api/verification-requests', { businessName: 'Shop', verifiedType: 'business', businessPhone: '4165550123' }, 201);
    await call(ctx, ada, 'PATCH', `/api/admin/verification-requests/${request.id}`, { status, reviewNotes: `Notes ${status}` });
    if (status === 'approved') await call(ctx, ada, 'DELETE', `/api/admin/users/${member.id}/verification`, { reviewNotes: 'Closed the shop' }, 204);
  }
  await call(ctx, bea, 'POST', `/api/admin/users/${owner.id}/suspend`, { reason: 'Spam', end: '30d' });
  await call(ctx, bea, 'DELETE', `/api/admin/users/${owner.id}/suspend`, { reviewNotes: 'Appeal heard' });
  const promoted = await registerMember(ctx.app, { username: 'Promoted' });
  adminCommand(['grant', promoted.email]);
  adminCommand(['revoke', promoted.email]);
  adminCommand(['password', promoted.email], 'set by the owner\n');
  adminCommand(['email', promoted.id, `moved-${promoted.email}`]);
  // Renamed since: the log keeps the name the post had.
  await ctx.database.db.execute(sql`UPDATE posts SET title = 'Renamed' WHERE id = ${post}`);
}, 120_000);

describe('the audit log', () => {
  it('has a line for each kind of admin action, with the admin, the target’s name then, the notes, what changed and when', async () => {
    const { items } = await log(ada);
    expect(new Set(items.map((e) => e.action))).toEqual(new Set(AUDIT_ACTIONS));
    const removed = items.find((e) => e.action === 'post_removed')!;
    expect(removed).toMatchObject({
      adminId: ada.id,
      adminName: 'Ada',
      targetType: 'post',
      targetName: 'Pine pallets',
      notes: 'Scam',
      changes: { before: { state: 'listed' }, after: { state: 'removed' } },
    });
    expect(Date.now() - Date.parse(removed.at)).toBeLessThan(120_000);
    expect(items.find((e) => e.action === 'post_restored')).toMatchObject({ adminName: 'Bea', notes: 'Fixed' });
    // A removed comment: the post it was on (its title then), its author's name and its text (0151).
    expect(items.find((e) => e.action === 'comment_removed')).toMatchObject({
      adminId: ada.id,
      adminName: 'Ada',
      targetType: 'post',
      targetName: 'Pine pallets',
      notes: null,
      changes: { before: { author: 'Commenter', comment: 'Cheaper at mine' }, after: null },
    });
    expect(items.find((e) => e.action === 'verification_approved')).toMatchObject({
      targetType: 'verification_request',
      targetName: 'Asker approved: Verified Business (Shop)',
      changes: { before: { verifiedType: null }, after: { verifiedType: 'business' } },
    });
    expect(items.find((e) => e.action === 'verification_revoked')).toMatchObject({ notes: 'Closed the shop', changes: { after: { verifiedType: null } } });
    expect(items.find((e) => e.action === 'verification_lapsed')).toMatchObject({
      adminId: null,
      adminName: 'the member',
      targetName: 'Someone else',
      changes: { before: { username: 'Asker renamed', verifiedType: 'business' }, after: { username: 'Someone else', verifiedType: null } },
    });
    expect(items.find((e) => e.action === 'suspension_set')).toMatchObject({ targetName: 'Owner', notes: 'Spam', changes: { before: { suspended: false }, after: { suspended: true, reason: 'Spam' } } });
    // The lift keeps the admin's notes (0146).
    expect(items.find((e) => e.action === 'suspension_lifted')).toMatchObject({ adminName: 'Bea', targetName: 'Owner', notes: 'Appeal heard' });
    expect(items.find((e) => e.action === 'admin_granted')).toMatchObject({
      adminId: null,
      adminName: 'the command line (npm run admin)',
      targetName: 'Promoted',
      changes: { before: { isAdmin: false }, after: { isAdmin: true } },
    });
    // Who set a member's password and when; never the password, nor its hash (0135).
    const passwordSet = items.find((e) => e.action === 'password_set')!;
    expect(passwordSet).toMatchObject({ adminId: null, adminName: 'the command line (npm run admin)', targetName: 'Promoted', changes: null });
    expect(JSON.stringify(passwordSet)).not.toMatch(/set by the owner|argon2/);
    // Who set a member's email and when; not the addresses (0139).
    const emailSet = items.find((e) => e.action === 'email_set')!;
    expect(emailSet).toMatchObject({ adminId: null, adminName: 'the command line (npm run admin)', targetName: 'Promoted', changes: null });
    expect(JSON.stringify(emailSet)).not.toContain('@');
    // Newest first.
    const times = items.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by action and by admin, names everyone who acted, and pages', async () => {
    expect((await log(ada, '&action=suspension_set')).items.map((e) => e.action)).toEqual(['suspension_set']);
    const byBea = await log(ada, `&adminId=${bea.id}`);
    expect(new Set(byBea.items.map((e) => e.adminName))).toEqual(new Set(['Bea']));
    expect(byBea.items.map((e) => e.action).sort()).toEqual(['post_restored', 'suspension_lifted', 'suspension_set']);
    expect(byBea.admins).toEqual(expect.arrayContaining([{ id: ada.id, name: 'Ada' }, { id: bea.id, name: 'Bea' }, { id: null, name: 'the command line (npm run admin)' }]));
    const all = (await log(ada)).items.map((e) => e.id);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await call(ctx, ada, 'GET', `/api/admin/audit-log?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
    expect((await ctx.app.inject(as(ada.cookie, { method: 'GET', url: '/api/admin/audit-log?action=burned' }))).statusCode).toBe(400);
  });
});
