import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { ADMIN_TEXTS } from '../../../../domain/moderation-values';
import { Button } from '../../../components/ui/button';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';

interface ActionDialogProps {
  /** The button that opens it. */
  trigger: string;
  title: string;
  description: ReactNode;
  confirm: string;
  /** The notes' label, and, when they are needed (a suspension's reason), why: said under the button while they are empty. */
  notesLabel?: string;
  notesRequired?: string;
  /** More fields before the notes (a suspension's end). */
  children?: ReactNode;
  pending: boolean;
  /** Runs the action with the notes; resolves true when it worked (the dialog closes). */
  onConfirm: (notes: string) => Promise<boolean>;
}

/**
 * An admin action outside a pending item's notes box (restore, remove, suspend, revoke): a dialog
 * that says what will happen and takes notes for the member and the audit log.
 */
export function ActionDialog({ trigger, title, description, confirm, notesLabel = ADMIN_TEXTS.notesLabel, notesRequired, children, pending, onConfirm }: ActionDialogProps) {
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState('');
  const needsId = useId();
  // The button is off until the needed notes are written, and says why meanwhile (0148).
  const waiting = notesRequired !== undefined && !notes.trim();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || waiting) return;
    if (await onConfirm(notes.trim())) {
      setOpen(false);
      setNotes('');
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4">
          {children}
          <CountedTextarea label={notesLabel} value={notes} onValueChange={setNotes} max={notesRequired !== undefined ? 500 : 1000} required={notesRequired !== undefined} className="min-h-20" />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending || waiting} aria-describedby={waiting ? needsId : undefined} aria-busy={pending}>
              {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {confirm}
            </Button>
          </DialogFooter>
          {waiting && (
            <p id={needsId} className="text-xs text-muted-foreground sm:text-right">
              {notesRequired}
            </p>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}
