import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CircleCheck, Receipt as ReceiptIcon, Wallet } from 'lucide-react';
import { startsLater } from '../../../../domain/access';
import { PAYMENT_MESSAGES, PRODUCTS, RECEIPT_KEPT_TEXT, usd } from '../../../../domain/payment-values';
import type { Receipt } from '../../../../domain/payments';
import { CREDIT_UNUSABLE_TEXT } from '../../../../domain/referral-values';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { accessNeverEnds } from '../../../lib/session';
import { useSession } from '../../../lib/session-provider';
import { useReceipts } from '../api/get-payments';
import { whenText } from '../../../lib/when-text';

const amountOf = (r: Receipt) => `${usd(Math.round(r.amount * 100))} ${r.currency}`;
/** A day pass starting this long after its payment follows on from other access; one starting at once, within it. */
const FOLLOWS_ON_AFTER_MS = 60_000;
const dateOf = (r: Receipt) => whenText(new Date(r.timestamp));

/** The receipt's lines (spec §3 Payment response: description, amount, currency, transactionId, timestamp). */
function ReceiptLines({ receipt }: { receipt: Receipt }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      <dt className="text-muted-foreground">Item</dt>
      <dd className="font-semibold">{receipt.description}</dd>
      <dt className="text-muted-foreground">Amount</dt>
      <dd className="font-semibold">{amountOf(receipt)}</dd>
      <dt className="text-muted-foreground">Date</dt>
      <dd>{dateOf(receipt)}</dd>
      <dt className="text-muted-foreground">Transaction</dt>
      <dd className="font-mono text-xs break-all">{receipt.transactionId}</dd>
    </dl>
  );
}

function ReceiptBadges({ receipt }: { receipt: Receipt }) {
  if (!receipt.demo && !receipt.paidWithCredit) return null;
  return (
    <span className="flex flex-wrap gap-1.5">
      {receipt.demo && <Badge variant="accent">Demo: no money taken</Badge>}
      {receipt.paidWithCredit && <Badge>Paid with referral credit</Badge>}
    </span>
  );
}

/**
 * When a day pass just bought starts, if later than its payment: it follows on from the access the
 * holder has (docs/decisions/0080), so the header still shows the trial; the receipt says why
 * (0127). Judged on the server's clock (the receipt's time, a minute's margin), not the device's.
 */
function useDayPassStart(receipt: Receipt): Date | null {
  const { actor } = useSession();
  if (receipt.description !== PRODUCTS.day.description) return null;
  return startsLater(actor.grants, 'day', new Date(Date.parse(receipt.timestamp) + FOLLOWS_ON_AFTER_MS));
}

/** Spec §2 Subscribe: the receipt, once paid. */
export function ReceiptCard({ receipt, onDone }: { receipt: Receipt; onDone: () => void }) {
  // The page's content changed under the button that was pressed: focus goes to the news.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const startsAt = useDayPassStart(receipt);
  return (
    <Card className="grid max-w-xl gap-5 border-2 border-primary/30 p-6">
      <div className="flex items-start gap-3">
        <CircleCheck className="mt-0.5 size-7 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
            {PAYMENT_MESSAGES.demoPaid}
          </h2>
          <p className="text-muted-foreground">{PAYMENT_MESSAGES.demoPaidText}</p>
          {startsAt && (
            <p>
              Your 24 hours start {whenText(startsAt)}, when the access you have now ends.
            </p>
          )}
        </div>
      </div>
      <ReceiptLines receipt={receipt} />
      <ReceiptBadges receipt={receipt} />
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/">See every post</Link>
        </Button>
        <Button variant="outline" onClick={onDone}>
          Back to plans
        </Button>
      </div>
    </Card>
  );
}

/** The referral credit left to spend; none to speak of for access that never ends, unless some was earned. */
function CreditLine({ creditCents }: { creditCents: number }) {
  const forLife = accessNeverEnds(useSession().actor, new Date());
  if (forLife && creditCents === 0) return null;
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <Wallet className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {forLife ? 'Referral credit' : 'Referral credit to spend'}: <strong className="text-foreground">{usd(creditCents)}</strong>
        {forLife && `. ${CREDIT_UNUSABLE_TEXT}`}
      </span>
    </p>
  );
}

/**
 * The viewer's receipts, shown again (issue 16): the account's place for them (docs/decisions/0082),
 * with the referral credit left to spend. Nothing for a guest who never paid. A receipt just shown
 * above (`shownAbove`, its transaction) is not listed twice: the others are the earlier ones (0145).
 */
export function ReceiptsSection({
  signedIn,
  creditCents,
  settled,
  shownAbove,
}: {
  signedIn: boolean;
  creditCents: number;
  /** What is above has its final height: the section shows, and a scroll to #receipts lands. */
  settled: boolean;
  shownAbove: string | null;
}) {
  const { data, isPending } = useReceipts();
  const receipts = (data ?? []).filter((r) => r.transactionId !== shownAbove);
  // /subscribe#receipts (the profile menu's link): the router does not scroll to a hash by itself.
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || !settled || isPending || window.location.hash !== '#receipts') return;
    scrolled.current = true;
    document.getElementById('receipts')?.scrollIntoView();
  }, [settled, isPending]);
  // Below the plans, it waits for them: shown above a spinner that the plans then replace, it was
  // pushed down the page as they arrived (Lighthouse's layout shift 0.2 on /subscribe).
  if (!settled || (!signedIn && !isPending && receipts.length === 0)) return null;
  return (
    <section id="receipts" aria-labelledby="receipts-title" className="grid scroll-mt-24 gap-3">
      <h2 id="receipts-title" className="flex items-center gap-2 text-xl font-bold">
        <ReceiptIcon className="size-5 text-primary" aria-hidden="true" />
        {shownAbove && receipts.length > 0 ? 'Earlier receipts' : 'Your receipts'}
      </h2>
      {signedIn && <CreditLine creditCents={creditCents} />}
      {isPending ? (
        <Skeleton className="h-28 w-full" />
      ) : receipts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{shownAbove ? RECEIPT_KEPT_TEXT : 'No payments yet.'}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {receipts.map((receipt) => (
            <li key={receipt.transactionId}>
              <Card className="grid gap-3 p-4">
                <ReceiptLines receipt={receipt} />
                <ReceiptBadges receipt={receipt} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
