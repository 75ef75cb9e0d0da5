import { describe, expect, it } from 'vitest';
import { titled, usd } from './payment-values';
import {
  earningsText,
  tierProgress,
  tierProgressText,
  tierText,
  TIERS,
  totalEarned,
} from './referral-values';

describe('tier progress (spec §9: 1 friend = +7 days, 3 = +1 month, 5 = lifetime)', () => {
  it('lists the tiers as the cards show them', () => {
    expect(TIERS.map(tierText)).toEqual([
      '1 friend = +7 days',
      '3 friends = +1 month',
      '5 friends = Lifetime access',
    ]);
  });

  it('says how many friends count and what the next reward needs', () => {
    expect(tierProgressText(0)).toBe('No friends have joined yet. 1 friend gets you +7 days.');
    expect(tierProgressText(1)).toBe('1 friend joined and shared. 2 more for +1 month.');
    expect(tierProgressText(2)).toBe('2 friends joined and shared. 1 more for +1 month.');
    expect(tierProgressText(4)).toBe('4 friends joined and shared. 1 more for Lifetime access.');
    expect(tierProgressText(5)).toBe('5 friends joined and shared: every reward is yours.');
    expect(tierProgressText(9)).toBe('9 friends joined and shared: every reward is yours.');
  });

  it('knows the tiers reached and the next one', () => {
    expect(tierProgress(3)).toMatchObject({ reached: [TIERS[0], TIERS[1]], next: TIERS[2], toNext: 2 });
    expect(tierProgress(6)).toMatchObject({ next: null, toNext: 0 });
  });

  it('counts $3 earned per friend whose bonus was granted, and the credit left', () => {
    expect(totalEarned(2)).toBe(6);
    expect(earningsText(totalEarned(0), 0)).toBe('$0 earned · $0 credit to spend');
    expect(earningsText(totalEarned(1), 300)).toBe('$3 earned · $3 credit to spend');
  });
});

describe('payment texts', () => {
  it('writes prices as the spec does', () => {
    expect(usd(300)).toBe('$3');
    expect(usd(999)).toBe('$9.99');
  });

  it("splits a spec §8 'Title - Description' text for a toast", () => {
    expect(titled('Access Denied - Incorrect admin password.')).toEqual({
      title: 'Access Denied',
      description: 'Incorrect admin password.',
    });
    expect(titled('Copy failed - Please copy the link manually.')).toEqual({
      title: 'Copy failed',
      description: 'Please copy the link manually.',
    });
    expect(titled('Failed to process payment. Please try again.')).toEqual({
      title: 'Failed to process payment. Please try again.',
    });
  });
});
