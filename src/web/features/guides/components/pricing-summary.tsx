import { LIMITS } from '../../../../domain/limits';
import { CREDIT_CENTS, PRODUCTS, usd } from '../../../../domain/payment-values';

/** Referral credit for both people, spec §9. */
const REFERRAL_CREDIT = usd(CREDIT_CENTS);

/** Spec §1 pricing, as the How it Works dialog states it. */
const PLANS = [
  { name: 'Free', price: usd(0), detail: 'Your first post is free, and you can view one post free.' },
  {
    name: 'Free trial',
    price: `${LIMITS.trialDays} days`,
    detail: `Create an account for full access. After the trial, lifetime access is ${usd(PRODUCTS.lifetime.cents)}.`,
  },
  { name: '24-hour pass', price: usd(PRODUCTS.day.cents), detail: 'Unlimited access for 24 hours.' },
  { name: 'Lifetime', price: usd(PRODUCTS.lifetime.cents), detail: 'One-time payment, unlimited access for good.' },
  {
    name: 'Kindness Button',
    price: usd(0),
    detail: 'Free access for anyone who cannot afford it. No questions asked.',
  },
  {
    name: 'Invite a friend',
    price: `${REFERRAL_CREDIT} each`,
    detail: `You and your friend both get a ${REFERRAL_CREDIT} credit on their first subscription.`,
  },
];

export function PricingSummary() {
  return (
    <section aria-labelledby="pricing-heading" className="rounded-xl border bg-background p-4">
      <h3 id="pricing-heading" className="font-semibold">
        What it costs (USD)
      </h3>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {PLANS.map((plan) => (
          <div key={plan.name} className="rounded-lg bg-card p-3 shadow-xs ring-1 ring-border">
            <dt className="flex items-baseline justify-between gap-2 text-sm font-semibold">
              {plan.name}
              <span className="text-primary">{plan.price}</span>
            </dt>
            <dd className="mt-1 text-xs text-muted-foreground">{plan.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
