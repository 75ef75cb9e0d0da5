import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Audience,
  CampaignReport,
  MarketingOverview,
  MarketingPreview,
} from '../../../../domain/marketing';
import { apiRequest } from '../../../lib/api';

export const marketingKeys = {
  all: ['/api/admin/marketing'] as const,
  overview: () => [...marketingKeys.all, 'overview'] as const,
  preview: (audience: Audience) => [...marketingKeys.all, 'preview', audience] as const,
  campaigns: () => [...marketingKeys.all, 'campaigns'] as const,
};

/** GET /api/admin/marketing/overview: the stat cards and the integrations. */
export const useMarketingOverview = () =>
  useQuery(
    queryOptions({
      queryKey: marketingKeys.overview(),
      queryFn: () => apiRequest<MarketingOverview>('GET', '/api/admin/marketing/overview'),
    }),
  );

/** GET /api/admin/marketing/preview: the newest posts of the audience's type. */
export const useMarketingPreview = (audience: Audience) =>
  useQuery(
    queryOptions({
      queryKey: marketingKeys.preview(audience),
      queryFn: () => apiRequest<MarketingPreview>('GET', `/api/admin/marketing/preview?audience=${audience}`),
      placeholderData: keepPreviousData,
    }),
  );

/** GET /api/admin/marketing/campaigns: the campaign report. */
export const useCampaignReport = () =>
  useQuery(
    queryOptions({
      queryKey: marketingKeys.campaigns(),
      queryFn: () => apiRequest<CampaignReport>('GET', '/api/admin/marketing/campaigns'),
    }),
  );
