import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig, Receipt } from '../../../../domain/payments';
import { apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session-provider';
import { paymentKeys } from './payment-keys';

/** GET /api/payments/config: demo mode or the providers, prices, the viewer's referral credit. */
export const paymentsConfigOptions = (userId: string | null) =>
  queryOptions({
    queryKey: paymentKeys.config(userId),
    queryFn: () => apiRequest<PaymentsConfig>('GET', '/api/payments/config'),
  });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigOptions(useSession().actor.userId));
}

/** GET /api/payments/receipts: the viewer's receipts, newest first (a guest's session has its own). */
export const receiptsOptions = (userId: string | null) =>
  queryOptions({
    queryKey: paymentKeys.receipts(userId),
    queryFn: () => apiRequest<Receipt[]>('GET', '/api/payments/receipts'),
  });

export function useReceipts() {
  return useQuery(receiptsOptions(useSession().actor.userId));
}
