import { describe, expect, it } from 'vitest';
import { commentsLabel, ratingText, reviewsLabel, VERIFIED_BADGES } from './community-values';
import { timeAgo } from './time';

describe('commentsLabel (spec §2 Post card)', () => {
  it('invites the first comment, then counts them', () => {
    expect(commentsLabel(0)).toBe('Be the first to comment');
    expect(commentsLabel(1)).toBe('1 comment');
    expect(commentsLabel(2)).toBe('2 comments');
    expect(commentsLabel(1234)).toBe('1,234 comments');
  });
});

describe('member trust texts (spec §2 dialog 4, §6)', () => {
  it('counts reviews with the right noun', () => {
    expect(reviewsLabel(0)).toBe('0 reviews');
    expect(reviewsLabel(1)).toBe('1 review');
    expect(reviewsLabel(12)).toBe('12 reviews');
  });

  it('writes the average out of 5 with one decimal', () => {
    expect(ratingText(4.56)).toBe('(4.6/5)');
    expect(ratingText(5)).toBe('(5/5)');
    expect(ratingText(1)).toBe('(1/5)');
  });

  it('names the three badges of spec §6', () => {
    expect(VERIFIED_BADGES.arborist.label).toBe('Verified Arborist');
    expect(VERIFIED_BADGES.business.label).toBe('Verified Business');
    expect(VERIFIED_BADGES.individual.label).toBe('Verified User');
  });
});

describe('timeAgo (spec §4 Comment age display)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms), now, 'en-CA');

  it('says Just now under a minute, then minutes, hours and days', () => {
    expect(ago(59_000)).toBe('Just now');
    expect(ago(60_000)).toBe('1m ago');
    expect(ago(59 * 60_000)).toBe('59m ago');
    expect(ago(60 * 60_000)).toBe('1h ago');
    expect(ago(23 * 3_600_000)).toBe('23h ago');
    expect(ago(24 * 3_600_000)).toBe('1d ago');
    expect(ago(6 * 86_400_000)).toBe('6d ago');
  });

  it('shows the local date from a week on, and Just now for a clock ahead of the server', () => {
    expect(ago(7 * 86_400_000)).toBe(new Date('2026-11-18T12:00:00Z').toLocaleDateString('en-CA'));
    expect(ago(-5_000)).toBe('Just now');
  });
});
