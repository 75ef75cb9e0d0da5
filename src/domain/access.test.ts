import { describe, expect, it } from 'vitest';
import { badgeText, daysLeft, deriveSubscription, startsLater, type Grant } from './access';
import { DAY_MS } from './limits';

const now = new Date('2026-11-23T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
const grant = (kind: Grant['kind'], startDays: number, endDays: number | null): Grant => ({
  kind,
  startsAt: at(startDays),
  endsAt: endDays === null ? null : at(endDays),
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
    expect(deriveSubscription([grant('day', 0, 1)], now).subscriptionEndsAt).toEqual(at(1));
  });
});

describe('a grant that starts later (0127)', () => {
  it('is the last grant of that kind not started yet, or null', () => {
    const grant = (kind: Grant['kind'], start: number, end: number | null) => ({ kind, startsAt: at(start), endsAt: end === null ? null : at(end) });
    const grants = [grant('trial', -1, 6), grant('day', 6, 7), grant('day', 7, 8), grant('day', -2, -1), grant('lifetime', 9, null)];
    expect(startsLater(grants, 'day', now)).toEqual(at(7));
    expect(startsLater(grants, 'trial', now)).toBeNull();
    expect(startsLater([grant('day', -0.5, 0.5)], 'day', now)).toBeNull();
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
    expect(badgeText({ subscriptionStatus: 'trial', trialEndsAt: at(0.2).toISOString() }, now)).toBe('Trial - 1 day left');
    expect(badgeText({ subscriptionStatus: 'trial', trialEndsAt: at(1.5).toISOString() }, now)).toBe('Trial - 2 days left');
    expect(badgeText({ subscriptionStatus: 'trial', trialEndsAt: null }, now)).toBe('Trial - 0 days left');
    expect(badgeText({ subscriptionStatus: 'active', trialEndsAt: null }, now)).toBe('Premium');
    expect(badgeText({ subscriptionStatus: 'expired', trialEndsAt: at(-1).toISOString() }, now)).toBeNull();
  });
});
