import type { PaymentState } from '../../../../domain/payments';
import { apiRequest } from '../../../lib/api';

/** GET /api/payments/:id: how a payment stands; the server asks the provider about a pending one. */
export const getPayment = (id: string) =>
  apiRequest<PaymentState>('GET', `/api/payments/${encodeURIComponent(id)}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks about a payment until it is no longer pending (the provider's word may come a moment after
 * its form closes), at most `tries` times `everyMs` apart; answers the last state seen.
 */
export async function settledPayment(id: string, { tries = 10, everyMs = 1500 } = {}): Promise<PaymentState> {
  let state = await getPayment(id);
  for (let i = 1; i < tries && state.status === 'pending'; i += 1) {
    await sleep(everyMs);
    state = await getPayment(id);
  }
  return state;
}
