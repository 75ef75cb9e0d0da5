import type { ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The confirming button's text: 'Delete', 'Block'. */
  confirm: string;
  onConfirm: () => void;
  /** The action is under way: neither button nor Escape closes the question meanwhile. */
  pending: boolean;
  /** Where focus goes on closing, when what opened it may have left (preventDefault to take over). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Whether what opened it leaves the page with the action (a deleted post's card): focus goes to its neighbour. */
  openerGoing?: () => boolean;
}

/**
 * A question before an action that cannot be taken back (deleting, blocking): an alert dialog
 * (WAI-ARIA APG) whose Cancel comes first and takes focus; focus goes back to what opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirm,
  onConfirm,
  pending,
  onCloseAutoFocus,
  openerGoing,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog" className="sm:max-w-sm" onCloseAutoFocus={onCloseAutoFocus} openerGoing={openerGoing}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            disabled={pending}
            aria-busy={pending}
            onClick={onConfirm}
          >
            {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
