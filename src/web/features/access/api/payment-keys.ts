/**
 * The keys of /api/payments (docs/decisions/0074), per viewer: a change of member never shows the
 * last one's receipts or credit. Every session change refreshes them (lib/session.ts).
 */
export const paymentKeys = {
  all: ['/api/payments'] as const,
  viewer: (userId: string | null) => [...paymentKeys.all, userId ?? 'guest'] as const,
  /** GET /api/payments/config: the ways to pay here and the viewer's credit. */
  config: (userId: string | null) => [...paymentKeys.viewer(userId), 'config'] as const,
  /** GET /api/payments/receipts. */
  receipts: (userId: string | null) => [...paymentKeys.viewer(userId), 'receipts'] as const,
};
