import { beforeAll, describe, expect, it } from 'vitest';
import { REJECTION_NEEDS_NOTES } from '../../src/domain/admin';
import { VERIFICATION_TEXTS } from '../../src/domain/verification';
import { BADGE_MESSAGES } from '../../src/server/modules/admin/verification-decisions';
import { VERIFICATIONS_MESSAGES } from '../../src/server/modules/verifications/service';
import { as, registerMember, useTestApp, warmPool, type Member } from './helpers';
import { adminMember, call, notificationsOf, postOf } from './moderation-helpers';

/** Verification (spec §3, §4, §7; DECISIONS 16; issue 19): a member asks, an admin decides, the badge shows. */
const ctx = useTestApp();
let admin: Member;

beforeAll(async () => {
  admin = await adminMember(ctx);
});

const ARBORIST = { businessName: 'Oak & Ash Tree Care', verifiedType: 'arborist', businessPhone: '+1 (416) 555-0142', businessWebsite: 'oakash.example.com' };
const ask = (member: Member, payload: object) => ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/verification-requests', payload }));

describe('asking for verification', () => {
  it('checks the request with clear messages', async () => {
    const member = await registerMember(ctx.app);
    const message = async (payload: object) => (await ask(member, payload)).json().message;
    expect(await message({ ...ARBORIST, businessName: ' ' })).toBe(VERIFICATION_TEXTS.nameRequired);
    expect(await message({ ...ARBORIST, verifiedType: 'wizard' })).toBe(VERIFICATION_TEXTS.typeRequired);
    expect(await message({ ...ARBORIST, businessPhone: '' })).toBe(VERIFICATION_TEXTS.phoneRequired);
    expect(await message({ ...ARBORIST, businessPhone: 'call me' })).toBe(VERIFICATION_TEXTS.phoneInvalid);
    expect(await message({ ...ARBORIST, businessWebsite: 'not a site' })).toBe(VERIFICATION_TEXTS.websiteInvalid);
    expect(await message({ ...ARBORIST, businessWebsite: 'javascript:alert(1)' })).toBe(VERIFICATION_TEXTS.websiteInvalid);
    expect((await ask(member, { ...ARBORIST, userId: admin.id })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/verification-requests', payload: ARBORIST })).statusCode).toBe(401);
  });

  it('takes one pending request at a time (409), and the member sees its state', async () => {
    const member = await registerMember(ctx.app);
    const created = await ask(member, { ...ARBORIST, businessWebsite: '' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ userId: member.id, verifiedType: 'arborist', businessWebsite: null, status: 'pending', reviewNotes: null });
    const again = await ask(member, { ...ARBORIST, verifiedType: 'business' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: VERIFICATION_TEXTS.pendingAlready });
    expect(await call(ctx, member, 'GET', '/api/verification-requests')).toMatchObject([{ id: created.json().id, status: 'pending' }]);
  });
});

describe('an admin deciding', () => {
  it('approves: the badge shows on the member’s cards, profile and session at once, and the member is told', async () => {
    const member = await registerMember(ctx.app, { username: 'Olive Oak' });
    const postId = await postOf(ctx, member, 'Maple logs');
    // The card is read (and kept) before the badge is given.
    expect((await call<Array<{ id: string; ownerVerifiedType: string | null }>>(ctx, member, 'GET', '/api/posts?type=firewood')).find((p) => p.id === postId)).toMatchObject({ ownerVerifiedType: null });
    const request = (await ask(member, ARBORIST)).json();
    const list = await call<Array<Record<string, unknown>>>(ctx, admin, 'GET', '/api/admin/verification-requests?status=pending');
    expect(list.find((r) => r.id === request.id)).toMatchObject({ username: 'Olive Oak', currentBadge: null, businessWebsite: 'https://oakash.example.com/' });
    const decided = await call(ctx, admin, 'PATCH', `/api/admin/verification-requests/${request.id}`, { status: 'approved', reviewNotes: 'Licence checked by phone' });
    expect(decided).toMatchObject({ status: 'approved', reviewNotes: 'Licence checked by phone', reviewedAt: expect.any(String) });

    const card = (await call<Array<{ id: string }>>(ctx, member, 'GET', '/api/posts?type=firewood')).find((p) => p.id === postId);
    expect(card).toMatchObject({ ownerVerifiedType: 'arborist', ownerVerifiedAt: expect.any(String) });
    expect(await call(ctx, admin, 'GET', `/api/users/${member.id}`)).toMatchObject({ isVerified: 'true', verifiedType: 'arborist', verifiedAt: expect.any(String) });
    expect(await call(ctx, member, 'GET', '/api/auth/me')).toMatchObject({ isVerified: 'true', verifiedType: 'arborist' });
    expect((await notificationsOf(ctx, member))[0]).toMatchObject({
      type: 'verification_decided',
      data: { userId: member.id, status: 'approved', verifiedType: 'arborist', reviewNotes: 'Licence checked by phone' },
    });
    const twice = await ctx.app.inject(as(admin.cookie, { method: 'PATCH', url: `/api/admin/verification-requests/${request.id}`, payload: { status: 'rejected', reviewNotes: 'Second thoughts' } }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: VERIFICATIONS_MESSAGES.decided });
  });

  it('rejects with notes: the member sees them, holds no badge, and may ask again', async () => {
    const member = await registerMember(ctx.app);
    const request = (await ask(member, { ...ARBORIST, verifiedType: 'business' })).json();
    // Never without them: the member is told why (0146).
    for (const reviewNotes of [undefined, '', '   ']) {
      const bare = await ctx.app.inject(as(admin.cookie, { method: 'PATCH', url: `/api/admin/verification-requests/${request.id}`, payload: { status: 'rejected', reviewNotes } }));
      expect(bare.statusCode).toBe(400);
      expect(bare.json().message).toBe(REJECTION_NEEDS_NOTES);
    }
    expect(await call(ctx, member, 'GET', '/api/verification-requests')).toMatchObject([{ status: 'pending' }]);
    await call(ctx, admin, 'PATCH', `/api/admin/verification-requests/${request.id}`, { status: 'rejected', reviewNotes: 'The phone number did not answer' });
    expect(await call(ctx, member, 'GET', '/api/verification-requests')).toMatchObject([{ status: 'rejected', reviewNotes: 'The phone number did not answer' }]);
    expect(await call(ctx, member, 'GET', '/api/auth/me')).toMatchObject({ isVerified: 'false', verifiedType: null });
    expect((await notificationsOf(ctx, member))[0]).toMatchObject({ type: 'verification_decided', data: { status: 'rejected', reviewNotes: 'The phone number did not answer' } });
    expect((await ask(member, ARBORIST)).statusCode).toBe(201);
  });

  it('answers 400 to a status other than approved or rejected (spec §7), leaving it pending, and 404 to an unknown request', async () => {
    const member = await registerMember(ctx.app);
    const request = (await ask(member, ARBORIST)).json();
    const patch = (payload: object, id = request.id) =>
      ctx.app.inject(as(admin.cookie, { method: 'PATCH', url: `/api/admin/verification-requests/${id}`, payload }));
    for (const status of ['pending', 'reviewed', 'resolved', undefined]) {
      const res = await patch({ status, reviewNotes: 'Not a decision' });
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Status must be approved or rejected' });
    }
    expect(await call(ctx, member, 'GET', '/api/verification-requests')).toMatchObject([{ id: request.id, status: 'pending', reviewNotes: null }]);
    const unknown = await patch({ status: 'approved' }, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: VERIFICATIONS_MESSAGES.notFound });
    expect((await patch({ status: 'approved' }, 'not-an-id')).statusCode).toBe(404);
  });

  it('revokes a badge once when two revocations arrive at once: the other gets 409, the member is told once', async () => {
    const member = await registerMember(ctx.app);
    const request = (await ask(member, { ...ARBORIST, verifiedType: 'individual' })).json();
    await call(ctx, admin, 'PATCH', `/api/admin/verification-requests/${request.id}`, { status: 'approved' });
    await warmPool(ctx);
    const revoke = () => ctx.app.inject(as(admin.cookie, { method: 'DELETE', url: `/api/admin/users/${member.id}/verification`, payload: { reviewNotes: 'Reseller' } }));
    const answers = await Promise.all([revoke(), revoke()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    expect((await notificationsOf(ctx, member)).filter((n) => n.type === 'verification_decided' && n.data.status === 'revoked')).toHaveLength(1);
  });

  it('revokes a badge: it leaves the cards, the member is told, and a member without one gets 409', async () => {
    const member = await registerMember(ctx.app);
    const postId = await postOf(ctx, member, 'Cedar');
    const request = (await ask(member, { ...ARBORIST, verifiedType: 'individual' })).json();
    await call(ctx, admin, 'PATCH', `/api/admin/verification-requests/${request.id}`, { status: 'approved' });
    await call(ctx, admin, 'DELETE', `/api/admin/users/${member.id}/verification`, { reviewNotes: 'Reported as a reseller' }, 204);
    const card = (await call<Array<{ id: string }>>(ctx, member, 'GET', '/api/posts?type=firewood')).find((p) => p.id === postId);
    expect(card).toMatchObject({ ownerVerifiedType: null });
    expect((await notificationsOf(ctx, member))[0]).toMatchObject({ type: 'verification_decided', data: { status: 'revoked', verifiedType: 'individual', reviewNotes: 'Reported as a reseller' } });
    const again = await ctx.app.inject(as(admin.cookie, { method: 'DELETE', url: `/api/admin/users/${member.id}/verification` }));
    expect(again.json()).toEqual({ message: BADGE_MESSAGES.noBadge });
    expect(again.statusCode).toBe(409);
  });
});
