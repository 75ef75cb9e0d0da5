/**
 * The zod-free part of payments (as post-values.ts is of posts, docs/decisions/0040): the preview
 * card, the header and the access dialog run on the first screen and import these without pulling
 * zod in. payments.ts re-exports them, so the server's imports are unchanged.
 */

/**
 * What can be bought (spec §1, §9): a 24-hour pass, lifetime access, and the posting fee of
 * Reading B. Prices in cents, USD. A referral credit ($3) pays for a $3 product in full.
 */
export const PRODUCTS = {
  day: { cents: 300, description: '24-Hour Access', grant: 'day' },
  lifetime: { cents: 999, description: 'Lifetime Access', grant: 'lifetime' },
  posting: { cents: 300, description: 'Posting Access', grant: 'posting' },
} as const;
export type Product = keyof typeof PRODUCTS;
export const CURRENCY = 'USD';
/** A referral credit (spec §9: $3 to both on the friend's first payment). */
export const CREDIT_CENTS = 300;

/** '$3', '$9.99'. */
export const usd = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;

export const PAYMENT_MESSAGES = {
  alreadyPaid: 'Already Premium',
  alreadyPaidText: 'You already have lifetime access.',
  alreadyPosting: 'You can already post.',
  /** The same payment started in two tabs at one moment: the other is still being opened at the provider (docs/decisions/0118). */
  startedElsewhere:
    'This payment is being started in another window. Please finish it there, or try again in a moment.',
  /** A day pass bought at the moment another was (a double click, a second tab): refused, not charged (docs/decisions/0118). */
  dayPassJustBought:
    'You bought a 24-hour pass a moment ago, so this one was not charged. To add another 24 hours, buy again in a minute.',
  demoPaid: 'Payment Successful',
  demoPaidText: 'You are subscribed!',
  paymentError: 'Payment Error - Failed to process payment. Please try again.',
  dayPassFailed: 'Failed to process payment. Please try again.',
  initFailed: 'Failed to initialize subscription. Please try again.',
  subscriptionError: 'Subscription Error - Unable to initialize subscription. Please try again later.',
  noCredit: 'You have no referral credit to spend.',
  creditNotForThis: 'A referral credit pays for a $3 product: the 24-hour pass or the posting fee.',
  noSession:
    'Your browser did not keep our cookie, so a payment could not be kept for you. Please allow cookies or sign in.',
  providerUnavailable:
    'The payment provider could not be reached. Nothing was charged. Please try again in a moment.',
  notConfigured: 'This payment method is not available here.',
  notFound: 'Payment not found.',
  notApproved: 'The payment has not been approved in PayPal yet.',
  amountMismatch: 'The amount does not match the product.',
} as const;

/** The texts of the web's payment screens (spec §8 Card payment; issue 16). */
export const PAYMENT_TEXTS = {
  cardFailed: 'Payment Failed',
  demoNote: 'Demo mode: no money is taken',
  cancelled: 'Payment cancelled',
  cancelledText: 'Nothing was charged.',
  stillPending: 'Your payment is still being confirmed. Refresh this page in a minute to see it.',
} as const;

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The path a posting payment returns to (spec §4: posting_success=true, removed by the web). */
export const postingReturnPath = (postType: string, paymentId: string) =>
  `/?posting_success=true&type=${encodeURIComponent(postType)}&payment=${encodeURIComponent(paymentId)}`;

/**
 * A spec §8 text written 'Title - Description' as a toast's title and description:
 * 'Access Denied - Incorrect admin password.' -> { title: 'Access Denied', description: 'Incorrect admin password.' }.
 * A text without ' - ' is all title.
 */
export function titled(text: string): { title: string; description?: string } {
  const at = text.indexOf(' - ');
  return at < 0 ? { title: text } : { title: text.slice(0, at), description: text.slice(at + 3) };
}

/** Said under 'Your receipts' while the only receipt is the one just shown above it (docs/decisions/0145). */
export const RECEIPT_KEPT_TEXT = 'This receipt stays here too: Receipts and credit, in your profile menu.';
