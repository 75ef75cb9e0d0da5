import { describe, expect, it } from 'vitest';
import { KINDNESS, OWNER_ACCESS } from '../../../../domain/access';
import { ApiError } from '../../../lib/api';
import { kindnessFailure, ownerFailure } from './grant-access';
import { cardFailure, paymentFailure } from './purchase';

const refused = (status: number, message?: string) =>
  new ApiError(status, message === undefined ? '' : JSON.stringify({ message }), 'Refused');

describe('the words of a refusal (spec §8)', () => {
  it("kindness: the server's reason under 'Unable to Grant Access', its default, or the network's", () => {
    expect(kindnessFailure(refused(409, KINDNESS.alreadyHere))).toEqual({
      title: 'Unable to Grant Access',
      description: KINDNESS.alreadyHere,
    });
    expect(kindnessFailure(refused(500))).toEqual({
      title: 'Unable to Grant Access',
      description: 'Please try again later.',
    });
    expect(kindnessFailure(new TypeError('Failed to fetch'))).toEqual({
      title: 'Failed to grant access. Please try again.',
    });
  });

  it("the owner password: 'Access Denied - Incorrect admin password.', the server's limit, or 'Failed to verify admin access.'", () => {
    expect(ownerFailure(refused(401, OWNER_ACCESS.wrong))).toEqual({
      title: 'Access Denied',
      description: 'Incorrect admin password.',
    });
    expect(
      ownerFailure(refused(429, 'Too many owner password attempts. Please try again in 15 minutes.')),
    ).toEqual({
      title: 'Access Denied',
      description: 'Too many owner password attempts. Please try again in 15 minutes.',
    });
    expect(ownerFailure(refused(502))).toEqual({ title: 'Failed to verify admin access.' });
    expect(ownerFailure(new TypeError('Failed to fetch'))).toEqual({
      title: 'Failed to verify admin access.',
    });
  });

  it("payments: the day pass's text, or 'Payment Error - …'; the server's reason when it gave one", () => {
    expect(paymentFailure('day')).toEqual({
      title: 'Failed to process payment. Please try again.',
      description: undefined,
    });
    expect(paymentFailure('day', refused(400, 'You have no referral credit to spend.'))).toEqual({
      title: 'Failed to process payment. Please try again.',
      description: 'You have no referral credit to spend.',
    });
    expect(paymentFailure('lifetime', new TypeError('Failed to fetch'))).toEqual({
      title: 'Payment Error',
      description: 'Failed to process payment. Please try again.',
    });
    expect(paymentFailure('posting', refused(502, 'The payment provider could not be reached.'))).toEqual({
      title: 'Payment Error',
      description: 'The payment provider could not be reached.',
    });
  });

  it("a card the provider refused: 'Payment Failed' with the provider's message (spec §8 Card payment)", () => {
    expect(cardFailure('Your card was declined.')).toEqual({ title: 'Payment Failed', description: 'Your card was declined.' });
    expect(cardFailure()).toEqual({ title: 'Payment Failed', description: undefined });
  });
});
