import { describe, expect, it } from 'vitest';
import { accessCardText } from './list-states';

describe('what the preview card says (spec §2, 0150)', () => {
  const guest = { member: false, trialEnded: false };
  const member = { member: true, trialEnded: false };
  const ended = { member: true, trialEnded: true };

  it('counts the posts still to see, and offers a guest the trial', () => {
    expect(accessCardText({ type: 'fruit', hidden: 3, accuracy: 'exact' }, guest)).toBe('There are 3 more fruit posts waiting. Get access to see them all.');
    expect(accessCardText({ hidden: 0, accuracy: 'exact' }, guest)).toBe('Get access to browse every post, or start a free trial.');
  });

  it('offers a member no trial, and tells one whose trial has ended', () => {
    expect(accessCardText({ hidden: 0, accuracy: 'exact' }, member)).toBe('Get access to browse every post.');
    expect(accessCardText({ type: 'skids', hidden: 1, accuracy: 'exact' }, ended)).toBe(
      'Your 7-day trial has ended. There is 1 more skids post waiting. Get access to see them all.',
    );
    expect(accessCardText({ hidden: 0, accuracy: 'exact' }, ended)).toBe('Your 7-day trial has ended. Get access to browse every post.');
  });
});
