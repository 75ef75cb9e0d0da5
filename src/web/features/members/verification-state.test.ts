import { describe, expect, it } from 'vitest';
import type { VerificationRequest } from '../../../domain/verification';
import { requestState } from './components/verification-panel';

const request = (status: VerificationRequest['status']): VerificationRequest => ({
  id: 'r1',
  userId: 'u1',
  businessName: 'High Branch Tree Care',
  verifiedType: 'arborist',
  businessPhone: '416-555-0142',
  businessWebsite: null,
  status,
  reviewNotes: null,
  createdAt: new Date().toISOString(),
  reviewedAt: null,
});

describe("a member's own verification request, in words (DECISIONS 16)", () => {
  it('says it waits, was approved, or was not approved, naming the badge', () => {
    expect(requestState(request('pending'), null)).toBe("Your request for “Verified Arborist” is waiting for an admin's review (sent just now).");
    expect(requestState(request('approved'), 'arborist')).toBe('Your request for “Verified Arborist” was approved.');
    expect(requestState({ ...request('rejected'), verifiedType: 'business' }, null)).toBe('Your request for “Verified Business” was not approved.');
    // Revoked since, or gone with a rename: not 'approved' alone (0148).
    expect(requestState(request('approved'), null)).toBe('Your request for “Verified Arborist” was approved; the badge has since been taken off.');
  });
});
