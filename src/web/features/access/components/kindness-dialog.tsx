import type { ReactElement } from 'react';
import { HandHeart } from 'lucide-react';
import { LIMITS } from '../../../../domain/limits';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { KINDNESS_TEXT, KindnessButton } from './kindness';

interface KindnessDialogProps {
  /** The 'Need Free Access?' link that opens it. */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Granted and in the session: the access dialog opens the form. */
  onGranted: () => void;
}

/** Spec §2 dialog 9's 'Need Free Access?': the Kindness Button, no questions asked. */
export function KindnessDialog({ trigger, open, onOpenChange, onGranted }: KindnessDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <span className="mb-1 grid size-11 place-items-center rounded-xl bg-accent-soft text-accent">
            <HandHeart className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle>Need Free Access?</DialogTitle>
          <DialogDescription>{KINDNESS_TEXT}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          Once a day on this network. For longer, a free account gives you a {LIMITS.trialDays}-day trial.
        </p>
        <KindnessButton onGranted={onGranted} className="w-full" />
      </DialogContent>
    </Dialog>
  );
}
