import { describe, expect, it } from 'vitest';
import { badgeNote, memberSinceText, ownerRatingText, starFills, starsLabel } from './trust-text';

describe('the trust a card and a profile show (spec §2, §6)', () => {
  it("writes the owner's average short and in words, and nothing before a first rating", () => {
    expect(ownerRatingText(4.56, 12)).toEqual({ short: '★ 4.6 (12)', spoken: 'Rated 4.6 out of 5 from 12 reviews' });
    expect(ownerRatingText(4, 1)).toEqual({ short: '★ 4.0 (1)', spoken: 'Rated 4.0 out of 5 from 1 review' });
    expect(ownerRatingText(3.2, 1500)?.short).toBe('★ 3.2 (1,500)');
    expect(ownerRatingText(null, 0)).toBeNull();
  });

  it('says what each badge checked and that it is no endorsement', () => {
    expect(badgeNote('individual')).toBe(
      'Trusted community member. We checked who they are. A badge is not an endorsement: meet safely, as with anyone.',
    );
    expect(badgeNote('arborist')).toMatch(/^Professional tree service verified\. We checked that they run a professional tree service\./);
    expect(badgeNote('business')).toContain('not an endorsement');
  });

  it('says when the badge was checked (issue 19)', () => {
    expect(badgeNote('arborist', '2026-06-03T14:00:00.000Z', 'en-US')).toBe(
      'Professional tree service verified. We checked that they run a professional tree service. Checked on June 3, 2026. A badge is not an endorsement: meet safely, as with anyone.',
    );
  });

  it('names the month and year a member joined', () => {
    expect(memberSinceText('2026-03-14T12:00:00.000Z', 'en-US')).toBe('Member since March 2026');
  });

  it('names the stars for screen readers', () => {
    expect(starsLabel(4.25)).toBe('Rated 4.3 out of 5');
    expect(starsLabel(null)).toBe('Not rated yet');
  });

  it('fills the stars by quarters', () => {
    expect(starFills(4.5)).toEqual([1, 1, 1, 1, 0.5]);
    expect(starFills(4.3)).toEqual([1, 1, 1, 1, 0.25]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(null)).toEqual([0, 0, 0, 0, 0]);
  });
});
