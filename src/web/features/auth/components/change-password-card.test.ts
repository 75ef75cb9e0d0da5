import { describe, expect, it } from 'vitest';
import { signedOutText } from './change-password-card';

describe('what a password change did to the other browsers', () => {
  it('says none, one or several, with the verb agreeing', () => {
    expect(signedOutText(0)).toBe('You were not signed in anywhere else.');
    expect(signedOutText(1)).toBe('1 other browser was signed out.');
    expect(signedOutText(3)).toBe('3 other browsers were signed out.');
  });
});
