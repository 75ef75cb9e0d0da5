import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';

/** What the dialog gives its form: Cancel, and word of whether anything was entered. */
export interface CloseGuard {
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

interface PostFormDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Saving: the dialog neither closes nor asks. */
  pending: boolean;
  children: (guard: CloseGuard) => ReactNode;
}

/**
 * The dialog around the post form (docs/decisions/0049). A click outside never closes it; Escape,
 * the close button and Cancel close it at once while nothing was entered, and otherwise first ask
 * whether to discard what was. Keep editing (or a second Escape) gives focus back to where it was.
 */
export function PostFormDialog({ title, open, onOpenChange, pending, children }: PostFormDialogProps) {
  const [dirty, setDirty] = useState(false);
  // Asking whether to discard: where focus was when the question came (null: not asking).
  const [askedFrom, setAskedFrom] = useState<Element | null>(null);
  // Closed (saved, or from outside) or saving: no question stands.
  if (askedFrom && (!open || pending)) setAskedFrom(null);

  const close = () => {
    if (pending) return;
    setAskedFrom(null);
    setDirty(false);
    onOpenChange(false);
  };
  const keepEditing = () => {
    const target = askedFrom;
    // The prompt, which holds focus, is gone before focus goes back.
    flushSync(() => setAskedFrom(null));
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  };
  const requestClose = () => {
    if (pending) return;
    if (askedFrom) keepEditing();
    else if (dirty) setAskedFrom(document.activeElement ?? document.body);
    else close();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
      <DialogContent className="sm:max-w-2xl" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Free to share. Fields marked optional can stay empty.</DialogDescription>
        </DialogHeader>
        {askedFrom && <DiscardPrompt onKeepEditing={keepEditing} onDiscard={close} />}
        {children({ onCancel: requestClose, onDirtyChange: setDirty })}
      </DialogContent>
    </Dialog>
  );
}

function DiscardPrompt({ onKeepEditing, onDiscard }: { onKeepEditing: () => void; onDiscard: () => void }) {
  return (
    <div
      role="alert"
      className="sticky -top-5 z-20 grid gap-3 rounded-xl border border-destructive/40 bg-card p-4 shadow-lg sm:-top-6"
    >
      <div>
        <p className="font-semibold">Discard this post?</p>
        <p className="text-sm text-muted-foreground">What you entered will be lost.</p>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" autoFocus onClick={onKeepEditing}>
          Keep editing
        </Button>
        <Button className="bg-destructive text-destructive-foreground hover:bg-destructive/90" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </div>
  );
}
