import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Referral, ReferralSummary } from '../../../../domain/referrals';
import { apiRequest } from '../../../lib/api';
import { referralKeys } from './referral-keys';

/** GET /api/referrals/summary: code, link, friends, tiers, total earned, credit (members only). */
export const referralSummaryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: referralKeys.summary(userId),
    queryFn: () => apiRequest<ReferralSummary>('GET', '/api/referrals/summary'),
    enabled: userId !== null,
  });

export const useReferralSummary = (userId: string | null) => useQuery(referralSummaryOptions(userId));

/** GET /api/referrals (spec §3): each friend who joined with the code, newest first. */
export const referralsOptions = (userId: string | null) =>
  queryOptions({
    queryKey: referralKeys.list(userId),
    queryFn: () => apiRequest<Referral[]>('GET', '/api/referrals'),
    enabled: userId !== null,
  });

export const useReferrals = (userId: string | null) => useQuery(referralsOptions(userId));
