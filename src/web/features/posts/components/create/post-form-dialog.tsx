import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { POST_FORM_DESCRIPTION } from '../../../../../domain/post-values';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';

/** What the form gets: Cancel, and a way to tell whether anything differs from how it opened. */
export interface CloseGuardFormProps {
  onCancel: () => void;
  /** The form hands over its check; it is asked at the moment of closing, never a step behind. */
  registerDirtyCheck: (check: () => boolean) => void;
}

/**
 * Closing the post form (docs/decisions/0049): at once while nothing was entered, otherwise after
 * asking whether to discard it. Keep editing (or a second Escape) gives focus back to where it was.
 * A close (saved, or from outside) or a save under way ends the question.
 */
export function useCloseGuard(open: boolean, onOpenChange: (open: boolean) => void, pending: boolean) {
  const dirtyCheck = useRef<() => boolean>(() => false);
  // Asking: where focus was when the question came (null: not asking).
  const [askedFrom, setAskedFrom] = useState<Element | null>(null);
  if (askedFrom && (!open || pending)) setAskedFrom(null);

  const discard = () => {
    if (pending) return;
    setAskedFrom(null);
    onOpenChange(false);
  };
  const keepEditing = () => {
    const target = askedFrom;
    // The question, which holds focus, is gone before focus goes back.
    flushSync(() => setAskedFrom(null));
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  };
  const requestClose = () => {
    if (pending) return;
    if (askedFrom) keepEditing();
    else if (dirtyCheck.current()) setAskedFrom(document.activeElement ?? document.body);
    else discard();
  };
  const form: CloseGuardFormProps = {
    onCancel: requestClose,
    registerDirtyCheck: (check) => {
      dirtyCheck.current = check;
    },
  };
  return { asking: askedFrom !== null, requestClose, keepEditing, discard, form };
}

export type CloseGuard = ReturnType<typeof useCloseGuard>;

interface PostFormDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  guard: CloseGuard;
  /** Edit mode: the question is about changes, not a whole post. */
  editing?: boolean;
  children: ReactNode;
}

/**
 * The dialog around the post form: a click outside never closes it; every other way asks the guard.
 * A field that takes focus (the first invalid one, on Share post) scrolls into view above the form's
 * sticky buttons (121 px on a phone, in two rows; 73 px from sm), with room for its hint and message.
 */
export function PostFormDialog({ title, open, onOpenChange, guard, editing = false, children }: PostFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : guard.requestClose())}>
      <DialogContent
        className="scroll-pb-48 sm:max-w-2xl sm:scroll-pb-36"
        onInteractOutside={(e) => e.preventDefault()}
        // Editing starts on the title, not on the photo's 'Remove image', one key away from losing it (0132).
        onOpenAutoFocus={(e) => {
          const title = editing ? (e.currentTarget as HTMLElement).querySelector<HTMLElement>('input[name="title"]') : null;
          if (!title) return;
          e.preventDefault();
          title.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{editing ? POST_FORM_DESCRIPTION.edit : POST_FORM_DESCRIPTION.create}</DialogDescription>
        </DialogHeader>
        {guard.asking && <DiscardPrompt editing={editing} onKeepEditing={guard.keepEditing} onDiscard={guard.discard} />}
        {children}
      </DialogContent>
    </Dialog>
  );
}

interface DiscardPromptProps {
  editing: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
}

function DiscardPrompt({ editing, onKeepEditing, onDiscard }: DiscardPromptProps) {
  return (
    <div
      role="alert"
      className="sticky -top-5 z-20 grid gap-3 rounded-xl border border-destructive/40 bg-card p-4 shadow-lg sm:-top-6"
    >
      <div>
        <p className="font-semibold">{editing ? 'Discard your changes?' : 'Discard this post?'}</p>
        <p className="text-sm text-muted-foreground">
          {editing ? 'The post stays as it was.' : 'What you entered will be lost.'}
        </p>
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
