import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CreditCard, LoaderCircle } from 'lucide-react';
import { PRODUCTS, usd } from '../../../../domain/payment-values';
import type { PostTypeValue } from '../../../../domain/post-values';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { sessionChanged } from '../../../lib/session';
import { usePaymentsConfig } from '../api/get-payments';
import { createPostingCheckout } from '../api/pay';
import { paymentFailure } from '../api/purchase';
import { DemoNote } from './subscribe-states';

const FEE = usd(PRODUCTS.posting.cents);

/**
 * Spec §2 dialog 9, Pay $3 (§4 Create-post access): the posting fee through the provider's
 * checkout, a full-page visit that comes back with posting_success=true; in demo mode it comes
 * straight back (a step inside the app). Whoever may already post goes on to the form.
 */
export function PostingFeeTab({
  type,
  onGranted,
  onLeave,
}: {
  type: PostTypeValue;
  onGranted: () => void;
  /** The payment goes on elsewhere (the home page's return, the provider's page): the dialog closes. */
  onLeave: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = usePaymentsConfig();
  const checkout = useMutation({
    mutationFn: () => createPostingCheckout(type),
    onSuccess: async (started) => {
      if (started.alreadyPaid) {
        await sessionChanged(queryClient);
        return onGranted();
      }
      // Our own address (demo mode): the home page confirms the payment and opens the form.
      onLeave();
      if (started.url.startsWith('/')) return navigate(started.url);
      window.location.assign(started.url);
    },
    onError: (error) => toast({ variant: 'destructive', ...paymentFailure('posting', error) }),
  });
  const unavailable = config.data && !config.data.card && !config.data.paypal;

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        A one-time {FEE} posting fee lets you share without an account. You come straight back to your post.
      </p>
      {config.data?.demoMode && <DemoNote />}
      <Button
        size="lg"
        disabled={checkout.isPending || unavailable}
        aria-busy={checkout.isPending}
        onClick={() => checkout.mutate()}
      >
        {checkout.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <CreditCard aria-hidden="true" />
        )}
        Pay {FEE} and post
      </Button>
    </div>
  );
}
