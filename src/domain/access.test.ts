import { describe, expect, it } from 'vitest';
import {
  badgeText,
  canManagePost,
  isOwnPost,
  canPost,
  canView,
  daysLeft,
  deriveSubscription,
  userHasViewingAccess,
  type Grant,
} from './access';
import { DAY_MS } from './limits';

const now = new Date('2026-11-23T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
const grant = (kind: Grant['kind'], startDays: number, endDays: number | null): Grant => ({
  kind,
  startsAt: at(startDays),
  endsAt: endDays === null ? null : at(endDays),
});

describe('canView (spec §4 Access, DECISIONS 6-7)', () => {
  it('allows an active trial, day pass, lifetime, kindness or owner grant', () => {
    for (const kind of ['trial', 'day_pass', 'lifetime', 'kindness', 'owner'] as const) {
      expect(
        canView({ isAdmin: false, grants: [grant(kind, -1, kind === 'lifetime' ? null : 1)] }, now),
      ).toBe(true);
    }
  });
  it('refuses an ended trial, a grant not yet started, a posting fee, and no grant at all', () => {
    expect(canView({ isAdmin: false, grants: [grant('trial', -8, -1)] }, now)).toBe(false);
    expect(canView({ isAdmin: false, grants: [grant('day_pass', 1, 2)] }, now)).toBe(false);
    expect(canView({ isAdmin: false, grants: [grant('posting_fee', -1, null)] }, now)).toBe(false);
    expect(canView({ isAdmin: false, grants: [] }, now)).toBe(false);
  });
  it('treats the end instant as ended', () => {
    expect(canView({ isAdmin: false, grants: [grant('trial', -7, 0)] }, now)).toBe(false);
  });
  it('always allows an admin', () => {
    expect(canView({ isAdmin: true, grants: [] }, now)).toBe(true);
  });
});

describe('userHasViewingAccess (the web side of canView)', () => {
  const user = (fields: Partial<Parameters<typeof userHasViewingAccess>[0]>) => ({
    isAdmin: false,
    subscriptionStatus: 'expired' as const,
    trialEndsAt: null,
    subscriptionEndsAt: null,
    ...fields,
  });
  it('allows a trial whose end is in the future, as ISO text or a Date', () => {
    expect(
      userHasViewingAccess(user({ subscriptionStatus: 'trial', trialEndsAt: at(3).toISOString() }), now),
    ).toBe(true);
    expect(userHasViewingAccess(user({ subscriptionStatus: 'trial', trialEndsAt: at(3) }), now)).toBe(true);
  });
  it('refuses a trial that has ended, at its end instant too', () => {
    expect(
      userHasViewingAccess(user({ subscriptionStatus: 'trial', trialEndsAt: at(-1).toISOString() }), now),
    ).toBe(false);
    expect(
      userHasViewingAccess(user({ subscriptionStatus: 'trial', trialEndsAt: now.toISOString() }), now),
    ).toBe(false);
  });
  it('allows an active subscription without an end (lifetime) or with an end to come', () => {
    expect(userHasViewingAccess(user({ subscriptionStatus: 'active' }), now)).toBe(true);
    expect(
      userHasViewingAccess(
        user({ subscriptionStatus: 'active', subscriptionEndsAt: at(0.5).toISOString() }),
        now,
      ),
    ).toBe(true);
  });
  it('refuses a day pass that ran out while the page was open, and an expired user', () => {
    expect(
      userHasViewingAccess(
        user({ subscriptionStatus: 'active', subscriptionEndsAt: at(-0.1).toISOString() }),
        now,
      ),
    ).toBe(false);
    expect(
      userHasViewingAccess(user({ subscriptionStatus: 'expired', trialEndsAt: at(5).toISOString() }), now),
    ).toBe(false);
  });
  it('always allows an admin', () => {
    expect(userHasViewingAccess(user({ isAdmin: true }), now)).toBe(true);
  });
  it('answers as canView for the fields derived from the same grants', () => {
    const cases: Grant[][] = [
      [],
      [grant('trial', 0, 7)],
      [grant('trial', -8, -1)],
      [grant('trial', -8, -1), grant('day_pass', -0.5, 0.5)],
      [grant('trial', -8, -1), grant('day_pass', -2, -1)],
      [grant('day_pass', 1, 2)],
      [grant('lifetime', -1, null)],
      [grant('kindness', -1, null)],
      [grant('owner', -1, 1)],
      [grant('posting_fee', -1, null)],
      [grant('trial', -1, 6), grant('posting_fee', -1, null)],
    ];
    for (const grants of cases) {
      for (const isAdmin of [false, true]) {
        const fields = { isAdmin, ...deriveSubscription(grants, now) };
        expect(userHasViewingAccess(fields, now), JSON.stringify({ grants, isAdmin })).toBe(
          canView({ isAdmin, grants }, now),
        );
      }
    }
  });
});

describe('canManagePost (DECISIONS 2)', () => {
  const post = { userId: 'u1' };
  it("lets the post's owner and an admin manage it", () => {
    expect(canManagePost({ userId: 'u1', isAdmin: false }, post)).toBe(true);
    expect(canManagePost({ userId: 'u2', isAdmin: true }, post)).toBe(true);
    expect(canManagePost({ userId: null, isAdmin: true }, { userId: null })).toBe(true);
  });
  it('refuses another member and a guest', () => {
    expect(canManagePost({ userId: 'u2', isAdmin: false }, post)).toBe(false);
    expect(canManagePost({ userId: null, isAdmin: false }, post)).toBe(false);
  });
  it('never matches a guest to a post without an owner account', () => {
    expect(canManagePost({ userId: null, isAdmin: false }, { userId: null })).toBe(false);
  });
});

describe('isOwnPost', () => {
  it("is the poster's own post only, an admin's rights aside", () => {
    expect(isOwnPost({ userId: 'u1' }, { userId: 'u1' })).toBe(true);
    expect(isOwnPost({ userId: 'u2' }, { userId: 'u1' })).toBe(false);
    expect(isOwnPost({ userId: null }, { userId: null })).toBe(false);
  });
});

describe('canPost (DECISIONS 8)', () => {
  it('lets anyone post when posting is open', () => {
    expect(canPost({ isAdmin: false, grants: [] }, now, 'open')).toBe(true);
  });
  it('needs a posting grant when gated; a posting fee counts', () => {
    expect(canPost({ isAdmin: false, grants: [] }, now, 'gated')).toBe(false);
    expect(canPost({ isAdmin: false, grants: [grant('posting_fee', -1, null)] }, now, 'gated')).toBe(true);
    expect(canPost({ isAdmin: false, grants: [grant('trial', -1, 6)] }, now, 'gated')).toBe(true);
    expect(canPost({ isAdmin: true, grants: [] }, now, 'gated')).toBe(true);
  });
});

describe('deriveSubscription', () => {
  it('is trial with the trial end while the trial runs', () => {
    expect(deriveSubscription([grant('trial', 0, 7)], now)).toEqual({
      subscriptionStatus: 'trial',
      trialEndsAt: at(7),
      subscriptionEndsAt: null,
    });
  });
  it('is expired once the trial has ended', () => {
    expect(deriveSubscription([grant('trial', -8, -1)], now).subscriptionStatus).toBe('expired');
  });
  it('is active with a paid grant, without an end for lifetime', () => {
    const view = deriveSubscription([grant('trial', -8, -1), grant('lifetime', -1, null)], now);
    expect(view).toEqual({ subscriptionStatus: 'active', trialEndsAt: at(-1), subscriptionEndsAt: null });
    expect(deriveSubscription([grant('day_pass', 0, 1)], now).subscriptionEndsAt).toEqual(at(1));
  });
});

describe('badge (spec §4 Subscription badge)', () => {
  it('rounds the days left up and never goes below 0', () => {
    expect(daysLeft(at(7), now)).toBe(7);
    expect(daysLeft(at(6.01), now)).toBe(7);
    expect(daysLeft(at(0.2), now)).toBe(1);
    expect(daysLeft(at(-2), now)).toBe(0);
    expect(daysLeft(null, now)).toBe(0);
  });
  it("says 'Trial - N days left', 'Premium', or nothing", () => {
    expect(badgeText({ subscriptionStatus: 'trial', trialEndsAt: at(6.5).toISOString() }, now)).toBe(
      'Trial - 7 days left',
    );
    expect(badgeText({ subscriptionStatus: 'trial', trialEndsAt: null }, now)).toBe('Trial - 0 days left');
    expect(badgeText({ subscriptionStatus: 'active', trialEndsAt: null }, now)).toBe('Premium');
    expect(badgeText({ subscriptionStatus: 'expired', trialEndsAt: at(-1).toISOString() }, now)).toBeNull();
  });
});
