import { describe, expect, it } from 'vitest';
import { registeredToast } from './registered-toast';

const now = Date.parse('2026-11-29T08:00:00Z');
const inDays = (days: number) => new Date(now + days * 86_400_000).toISOString();
const trial = { kind: 'trial' as const, endsAt: inDays(7) };

describe('the toast after registering (spec §2 Register)', () => {
  it("is the spec's text for a plain registration", () => {
    expect(registeredToast({ grants: [trial] })).toEqual({ title: 'Your account has been created with a 7-day free trial.' });
  });

  it('tells a guest who bought lifetime access first that it is on the account now, not of a trial', () => {
    expect(registeredToast({ grants: [trial, { kind: 'lifetime', endsAt: null }] })).toEqual({
      title: 'Your account has been created.',
      description: 'Your lifetime access is now on your account.',
    });
  });

  it('keeps the trial when it gives more than what moved (a day pass, the kindness grant)', () => {
    expect(registeredToast({ grants: [trial, { kind: 'day', endsAt: inDays(1) }] })).toEqual({
      title: 'Your account has been created with a 7-day free trial.',
      description: 'Your 24-hour pass is now on your account.',
    });
    expect(registeredToast({ grants: [trial, { kind: 'kindness', endsAt: inDays(1) }, { kind: 'posting', endsAt: null }] })).toEqual({
      title: 'Your account has been created with a 7-day free trial.',
      description: 'Your free access and posting access are now on your account.',
    });
  });

  it('counts a referral credit as no access', () => {
    expect(registeredToast({ grants: [trial, { kind: 'credit', endsAt: null }] })).toEqual({ title: 'Your account has been created with a 7-day free trial.' });
  });
});
