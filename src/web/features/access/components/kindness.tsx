import { HandHeart, LoaderCircle } from 'lucide-react';
import { KINDNESS } from '../../../../domain/access';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { kindnessFailure, useGrantKindness } from '../api/grant-access';
import { passEndText } from '../../../lib/session';
import { endSentence } from '../../../../domain/time';

/**
 * The Kindness Button's grant (spec §4, §8): 'Access Granted', then `onGranted` once the session
 * holds it; a refusal says why under 'Unable to Grant Access'; no answer: 'Failed to grant access.
 * Please try again.'.
 */
export function useKindness(onGranted: () => void) {
  const grant = useGrantKindness();
  return {
    pending: grant.isPending,
    ask: () =>
      grant.mutate(undefined, {
        onSuccess: () => {
          toast({ title: KINDNESS.granted, description: KINDNESS.grantedText });
          onGranted();
        },
        onError: (error) => toast({ variant: 'destructive', ...kindnessFailure(error) }),
      }),
  };
}

/** The button itself: the same words on /subscribe and in the 'Need Free Access?' dialog. */
export function KindnessButton({ onGranted, className }: { onGranted: () => void; className?: string }) {
  const kindness = useKindness(onGranted);
  return (
    <Button
      variant="outline"
      size="lg"
      className={className}
      disabled={kindness.pending}
      aria-busy={kindness.pending}
      onClick={kindness.ask}
    >
      {kindness.pending ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <HandHeart className="text-accent" aria-hidden="true" />
      )}
      Get Free Access
    </Button>
  );
}

/** What the Kindness Button gives, in plain words (spec §1: no questions asked). */
export const KINDNESS_TEXT = `Can't afford it right now? Take ${KINDNESS.hours} hours of free access: see every post and share your own. No questions asked, no account needed.`;

/** Where the button was, while the grant it gave runs: it would be refused until then (0147). */
export const kindnessHeldText = (until: Date) => `${endSentence(`Your free access runs until ${passEndText(until)}`)} Pass the kindness on!`;

/**
 * Spec §2 Subscribe: after the 'or', the Kindness Button; granted, the visitor goes home after
 * 1.5 s (spec §9). While a grant it gave runs (`heldUntil`), it says until when instead.
 */
export function KindnessCard({ onGranted, heldUntil }: { onGranted: () => void; heldUntil: Date | null }) {
  return (
    <Card id="plan-kindness" className="grid scroll-mt-24 gap-4 border-dashed p-5 sm:grid-cols-[auto_1fr_auto] sm:items-center sm:p-6">
      <span className="grid size-11 place-items-center rounded-xl bg-accent-soft text-accent">
        <HandHeart className="size-6" aria-hidden="true" />
      </span>
      <div className="grid gap-1">
        <h2 className="text-lg font-bold">Kindness Button</h2>
        <p className="text-sm text-muted-foreground">{KINDNESS_TEXT}</p>
      </div>
      {heldUntil ? (
        <p className="text-sm font-semibold sm:max-w-64">{kindnessHeldText(heldUntil)}</p>
      ) : (
        <KindnessButton onGranted={onGranted} />
      )}
    </Card>
  );
}
