import { describe, expect, it } from 'vitest';
import type { Grant } from './access';
import { guestActor, type Actor } from './actor';
import { DAY_MS } from './limits';
import {
  POLICY_MESSAGES,
  actsAsSelf,
  canComment,
  canContactOwner,
  canDeleteComment,
  canEditPost,
  canKeepFavorites,
  canManagePost,
  canMessage,
  canModerate,
  canPost,
  canRate,
  canReport,
  canRequestVerification,
  canInvite,
  canSeeExactSpot,
  canView,
  isPostOwner,
  pageSizeFor,
  viewingEndsAt,
} from './policy';
import { suspendedUntilText } from './suspension';

const now = new Date('2026-11-23T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
const grant = (kind: Grant['kind'], startDays: number, endDays: number | null): Grant => ({
  kind,
  startsAt: at(startDays),
  endsAt: endDays === null ? null : at(endDays),
});
const member = (userId: string, fields: Partial<Actor> = {}): Actor => ({ ...guestActor('10.0.0.1'), userId, sessionId: `s-${userId}`, ...fields });
const admin = member('admin', { isAdmin: true });
const guest = { ...guestActor('10.0.0.2'), sessionId: 'guest-session' };

describe('canView (spec §4 Access, DECISIONS 6-7)', () => {
  it('allows an active trial, day pass, lifetime, kindness or owner grant', () => {
    for (const kind of ['trial', 'day', 'lifetime', 'kindness', 'owner'] as const) {
      expect(canView({ isAdmin: false, grants: [grant(kind, -1, kind === 'lifetime' ? null : 1)] }, now)).toBe(true);
    }
  });
  it('refuses an ended trial, a grant not yet started, a posting fee, and no grant at all', () => {
    expect(canView({ isAdmin: false, grants: [grant('trial', -8, -1)] }, now)).toBe(false);
    expect(canView({ isAdmin: false, grants: [grant('day', 1, 2)] }, now)).toBe(false);
    expect(canView({ isAdmin: false, grants: [grant('posting', -1, null)] }, now)).toBe(false);
    expect(canView({ isAdmin: false, grants: [] }, now)).toBe(false);
  });
  it('treats the end instant as ended, so a pass that runs out while a page is open stops counting', () => {
    expect(canView({ isAdmin: false, grants: [grant('trial', -7, 0)] }, now)).toBe(false);
    expect(canView({ isAdmin: false, grants: [grant('day', -0.9, 0.1)] }, at(0.1))).toBe(false);
  });
  it('always allows an admin', () => {
    expect(canView({ isAdmin: true, grants: [] }, now)).toBe(true);
  });
});

describe('viewingEndsAt (what a guest with a pass is told, docs/decisions/0140)', () => {
  const holder = (...grants: Grant[]) => ({ isAdmin: false, grants });
  it('is the end of the access held now, carried on by a pass that starts as it ends', () => {
    expect(viewingEndsAt(holder(grant('day', -0.5, 0.5)), now)).toEqual(at(0.5));
    expect(viewingEndsAt(holder(grant('kindness', -0.5, 0.5), grant('day', 0.5, 1.5)), now)).toEqual(at(1.5));
    // A pass after a gap does not carry it on; a posting fee is not viewing.
    expect(viewingEndsAt(holder(grant('day', -0.5, 0.5), grant('day', 2, 3), grant('posting', -1, 5)), now)).toEqual(at(0.5));
  });
  it('is null when the access does not end, and undefined without access now', () => {
    expect(viewingEndsAt(holder(grant('day', -0.5, 0.5), grant('lifetime', 0.2, null)), now)).toBeNull();
    expect(viewingEndsAt({ isAdmin: true, grants: [] }, now)).toBeNull();
    expect(viewingEndsAt(holder(grant('day', 1, 2)), now)).toBeUndefined();
    expect(viewingEndsAt(holder(), now)).toBeUndefined();
  });
});

describe('pageSizeFor (the viewing gate, DECISIONS 7)', () => {
  it('gives full access the page it asks for and everyone else the one preview post', () => {
    expect(pageSizeFor({ isAdmin: false, grants: [grant('trial', -1, 6)] }, 20, now)).toEqual({ limit: 20, gated: false });
    expect(pageSizeFor({ isAdmin: false, grants: [] }, 20, now)).toEqual({ limit: 1, gated: true });
  });
});

describe('canPost (DECISIONS 8)', () => {
  it('lets anyone post when posting is open', () => {
    expect(canPost(guestActor(), now, 'open')).toEqual({ ok: true });
  });
  it('lets a guest post when gated with a grant that allows posting: the posting fee, kindness, the owner password, a pass', () => {
    for (const kind of ['posting', 'kindness', 'owner', 'day', 'lifetime'] as const) {
      expect(canPost({ ...guestActor(), grants: [grant(kind, -1, 6)] }, now, 'gated').ok, kind).toBe(true);
    }
    expect(canPost({ ...guestActor(), grants: [grant('credit', -1, null)] }, now, 'gated').ok).toBe(false);
    expect(canPost({ ...guestActor(), grants: [grant('kindness', -30, -6)] }, now, 'gated').ok).toBe(false);
    expect(canPost(admin, now, 'gated').ok).toBe(true);
  });
  it('lets a signed-in member post without limit, their trial over or not (Reading B), and asks a guest to sign in (401)', () => {
    expect(canPost(member('u1'), now, 'gated')).toEqual({ ok: true });
    expect(canPost({ ...member('u1'), grants: [grant('trial', -10, -3)] }, now, 'gated')).toEqual({ ok: true });
    expect(canPost(guestActor(), now, 'gated')).toEqual({ ok: false, need: 'sign-in', message: POLICY_MESSAGES.signInToPost });
  });
});

describe('canManagePost (DECISIONS 2)', () => {
  const post = { userId: 'u1', ownerSessionId: null };
  it("lets the post's owner and an admin manage it", () => {
    expect(canManagePost(member('u1'), post).ok).toBe(true);
    expect(canManagePost(admin, post).ok).toBe(true);
    expect(canManagePost(admin, { userId: null }).ok).toBe(true);
  });
  it('lets the guest session that posted a guest post manage it, and no other guest', () => {
    const guestPost = { userId: null, ownerSessionId: 'guest-session' };
    expect(canManagePost(guest, guestPost).ok).toBe(true);
    expect(canManagePost({ ...guest, sessionId: 'other' }, guestPost)).toEqual({ ok: false, need: 'sign-in', message: POLICY_MESSAGES.signInToChange });
    expect(canManagePost(guestActor(), { userId: null, ownerSessionId: null }).ok).toBe(false);
  });
  it('refuses another member (403) and asks a guest to sign in (401)', () => {
    expect(canManagePost(member('u2'), post)).toEqual({ ok: false, need: 'permission', message: POLICY_MESSAGES.notManager });
    expect(canManagePost(guest, post)).toEqual({ ok: false, need: 'sign-in', message: POLICY_MESSAGES.signInToChange });
  });
  it('never matches a member to a guest post through a session id, nor the web, which has none', () => {
    expect(isPostOwner({ userId: 'u1', sessionId: 'x' }, { userId: null, ownerSessionId: 'x' })).toBe(true);
    expect(isPostOwner({ userId: 'u1' }, { userId: null, ownerSessionId: 'x' })).toBe(false);
  });
  it("trusts the server's word on the web, where a guest's own post carries viewerOwns (docs/decisions/0132)", () => {
    const webGuest = guestActor();
    expect(canManagePost(webGuest, { userId: null, viewerOwns: true }).ok).toBe(true);
    expect(canContactOwner(webGuest, { userId: null, viewerOwns: true })).toBe(false);
    expect(canManagePost(webGuest, { userId: null, viewerOwns: false }).ok).toBe(false);
    // A member's post is judged by its member, and a row by its session, whatever the flag says.
    expect(canManagePost(member('u2'), { userId: 'u1', viewerOwns: true }).ok).toBe(false);
    expect(canManagePost({ ...guest, sessionId: 'other' }, { userId: null, ownerSessionId: 'guest-session', viewerOwns: true }).ok).toBe(false);
  });
  it('shows the exact spot to those who may change the post', () => {
    expect(canSeeExactSpot(member('u1'), post)).toBe(true);
    expect(canSeeExactSpot(member('u2'), post)).toBe(false);
    expect(canSeeExactSpot(admin, post)).toBe(true);
  });
  it('offers contacting the owner to everyone but the owner', () => {
    expect(canContactOwner(member('u2'), post)).toBe(true);
    expect(canContactOwner(guestActor(), post)).toBe(true);
    expect(canContactOwner(member('u1'), post)).toBe(false);
  });
});

describe('actsAsSelf (DECISIONS 1)', () => {
  it('takes an absent or empty id, or the member’s own, as the member', () => {
    for (const claimed of [undefined, null, '', 'u1']) expect(actsAsSelf(member('u1'), claimed).ok).toBe(true);
  });
  it('refuses an id naming anyone else with 403', () => {
    expect(actsAsSelf(member('u1'), 'u2')).toEqual({ ok: false, need: 'permission', message: POLICY_MESSAGES.notYourself });
    expect(actsAsSelf(guestActor(), 'u2').ok).toBe(false);
  });
});

describe('favourites and comments are for members', () => {
  it('asks a guest to sign in', () => {
    expect(canKeepFavorites(guestActor())).toEqual({ ok: false, need: 'sign-in', message: POLICY_MESSAGES.signInForFavorites });
    expect(canComment(guestActor())).toEqual({ ok: false, need: 'sign-in', message: POLICY_MESSAGES.signInToComment });
    expect(canKeepFavorites(member('u1')).ok).toBe(true);
    expect(canComment(member('u1')).ok).toBe(true);
  });
  it('lets the author and an admin delete a comment', () => {
    const comment = { authorId: 'u1' };
    expect(canDeleteComment(member('u1'), comment).ok).toBe(true);
    expect(canDeleteComment(admin, comment).ok).toBe(true);
    expect(canDeleteComment(member('u2'), comment).ok).toBe(false);
    expect(canDeleteComment(guestActor(), comment)).toMatchObject({ ok: false, need: 'sign-in' });
  });
});

describe('messages and ratings (DECISIONS 14, 20, 21)', () => {
  const open = { blocked: false, exchangedMessage: true };
  it('lets a member message another, never themself, never across a block', () => {
    expect(canMessage(member('u1'), 'u2', open).ok).toBe(true);
    expect(canMessage(member('u1'), 'u1', open)).toMatchObject({ ok: false, message: POLICY_MESSAGES.messageYourself });
    expect(canMessage(member('u1'), 'u2', { blocked: true })).toMatchObject({ ok: false, message: POLICY_MESSAGES.blocked });
    expect(canMessage(guestActor(), 'u2', open)).toMatchObject({ ok: false, need: 'sign-in' });
  });
  it('opens rating only after a message, never for oneself or across a block', () => {
    expect(canRate(member('u1'), 'u2', open).ok).toBe(true);
    expect(canRate(member('u1'), 'u2', { ...open, exchangedMessage: false })).toMatchObject({ ok: false, message: POLICY_MESSAGES.rateAfterMessage });
    expect(canRate(member('u1'), 'u1', open)).toMatchObject({ ok: false, message: POLICY_MESSAGES.rateYourself });
    expect(canRate(member('u1'), 'u2', { blocked: true, exchangedMessage: true })).toMatchObject({ ok: false, message: POLICY_MESSAGES.blocked });
    expect(canRate(guestActor(), 'u2', open)).toMatchObject({ ok: false, need: 'sign-in' });
  });
});

describe('admins (DECISIONS 3)', () => {
  it('moderation: 401 for a guest, 403 for a member, allowed for an admin', () => {
    expect(canModerate(guestActor())).toMatchObject({ ok: false, need: 'sign-in' });
    expect(canModerate(member('u1'))).toEqual({ ok: false, need: 'permission', message: POLICY_MESSAGES.adminsOnly });
    expect(canModerate(admin).ok).toBe(true);
  });
});

describe('a suspended member (issue 19)', () => {
  const reason = 'Selling firewood';
  const until = at(7);
  const suspended = member('u1', { suspension: { until, reason } });
  const refusal = { ok: false, need: 'permission', message: `Your account is suspended until ${suspendedUntilText(until)}: ${reason}` };

  it('may not post, comment, message, rate, report, ask for a badge or invite by mail, and is told until when and why', () => {
    expect(canPost(suspended, now, 'gated')).toEqual(refusal);
    expect(canPost(suspended, now, 'open')).toEqual(refusal);
    expect(canComment(suspended, now)).toEqual(refusal);
    expect(canMessage(suspended, 'u2', { blocked: false }, now)).toEqual(refusal);
    expect(canRate(suspended, 'u2', { blocked: false, exchangedMessage: true }, now)).toEqual(refusal);
    expect(canReport(suspended, now)).toEqual(refusal);
    expect(canRequestVerification(suspended, now)).toEqual(refusal);
    expect(canInvite(suspended, now)).toEqual(refusal);
  });

  it('may not edit their posts or change their status, but may delete them; an admin edits as before (0124)', () => {
    const own = { userId: 'u1', sessionId: null };
    expect(canEditPost(suspended, own, now)).toEqual(refusal);
    expect(canManagePost(suspended, own).ok).toBe(true);
    expect(canEditPost(admin, own, now).ok).toBe(true);
    expect(canEditPost(member('u2'), own, now)).toMatchObject({ ok: false, message: 'Only the owner or an admin can change this post.' });
    expect(canEditPost(suspended, own, at(8)).ok).toBe(true);
  });

  it('acts again once the suspension has ended', () => {
    const later = at(8);
    expect(canComment(suspended, later).ok).toBe(true);
    expect(canReport(suspended, later).ok).toBe(true);
  });

  it('is suspended until further notice without an end', () => {
    const indefinite = member('u1', { suspension: { until: null, reason } });
    expect(canComment(indefinite, at(1000))).toMatchObject({ message: `Your account is suspended until further notice: ${reason}` });
  });

  it("says the end in the device's time zone, with the zone's name (0145)", () => {
    const end = new Date('2026-06-03T14:00:00Z');
    expect(suspendedUntilText(end, { timeZone: 'UTC', locale: 'en-US' })).toBe('Jun 3, 2026, 2:00 PM UTC');
    expect(suspendedUntilText(end, { timeZone: 'America/Toronto', locale: 'en-US' })).toBe('Jun 3, 2026, 10:00 AM EDT');
    expect(suspendedUntilText(new Date('2026-12-03T14:00:00Z'), { timeZone: 'America/Toronto', locale: 'en-US' })).toBe('Dec 3, 2026, 9:00 AM EST');
    // In the device's language, as every other time on its screens: 'p.m.' in Canada.
    expect(suspendedUntilText(new Date('2026-12-03T14:00:00Z'), { timeZone: 'America/Toronto', locale: 'en-CA' })).toBe('Dec 3, 2026, 9:00 a.m. EST');
    expect(suspendedUntilText(end)).toBe(suspendedUntilText(end, Intl.DateTimeFormat().resolvedOptions()));
  });
});
