import { describe, expect, it } from 'vitest';
import { shownOf, unlistedText } from './own-post-values';

describe('a post in no list (0146, 0150)', () => {
  it('gives an admin’s removal first, then reports, then the owner’s suspension', () => {
    expect(shownOf({ hiddenReason: 'removed', ownerSuspended: true })).toBe('removed');
    expect(shownOf({ hiddenReason: 'reports', ownerSuspended: true })).toBe('reported');
    expect(shownOf({ hiddenReason: null, ownerSuspended: true })).toBe('suspended');
    expect(shownOf({ hiddenReason: null, ownerSuspended: false })).toBe('listed');
  });

  it('tells its owner and an admin why, and who else sees it', () => {
    expect(unlistedText('reported', true)).toBe('Hidden until an admin reviews the reports. Only you and the admins can see it.');
    expect(unlistedText('removed', false)).toBe('Removed by an admin. Only its owner and the admins can see it.');
    expect(unlistedText('suspended', false)).toBe('Out of lists while its owner is suspended. Only its owner and the admins can see it.');
  });
});
