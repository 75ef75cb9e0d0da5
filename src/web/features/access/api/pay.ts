import type {
  PaymentResponse,
  PaymentState,
  PostingCheckoutResponse,
  Product,
} from '../../../../domain/payments';
import type { PostTypeValue } from '../../../../domain/post-values';
import { apiRequest } from '../../../lib/api';

/** POST /api/create-one-time-payment (spec §7): paid at once in demo mode or with credit; a card form's secret with Stripe. */
export const createOneTimePayment = (input: {
  type: Extract<Product, 'day' | 'lifetime'>;
  useCredit?: boolean;
  method?: 'card' | 'paypal';
}) => apiRequest<PaymentResponse>('POST', '/api/create-one-time-payment', input);

/** POST /api/create-posting-checkout (spec §7): the provider's checkout, or straight back in demo mode. */
export const createPostingCheckout = (postType: PostTypeValue) =>
  apiRequest<PostingCheckoutResponse>('POST', '/api/create-posting-checkout', { postType });

/** POST /paypal/order (spec §7: amount, currency, intent): the server prices it; the amount must agree. */
export const createPayPalOrder = (type: Product, amount: number) =>
  apiRequest<{ id: string }>('POST', '/paypal/order', {
    type,
    amount: amount.toFixed(2),
    currency: 'USD',
    intent: 'CAPTURE',
  });

/** POST /paypal/order/:orderId/capture: the approved order captured; paid, its grant given. */
export const capturePayPalOrder = (orderId: string) =>
  apiRequest<PaymentState>('POST', `/paypal/order/${encodeURIComponent(orderId)}/capture`);
