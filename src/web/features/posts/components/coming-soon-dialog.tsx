import type { ReactElement } from 'react';
import { Hammer } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';

interface ComingSoonDialogProps {
  trigger: ReactElement;
  /** 'Messages', … */
  feature: string;
  description: string;
}

/** What a card button whose feature is not built yet opens: honest, no made-up data (docs/decisions/0043). */
export function ComingSoonDialog({ trigger, feature, description }: ComingSoonDialogProps) {
  return (
    <Dialog defaultOpen>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <span className="mb-1 grid size-11 place-items-center rounded-xl bg-accent-soft text-accent">
            <Hammer className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>{feature} coming soon</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button>OK</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
