import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { LoaderCircle } from 'lucide-react';
import { LIMITS } from '../../../../domain/limits';
import { POST_STATUSES, STATUS_INFO, type PostStatusValue } from '../../../../domain/post-values';
import type { Post } from '../../../../domain/posts';
import { Button } from '../../../components/ui/button';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
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
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { isUnchangedStatus, notesForStatus, useUpdateStatus } from '../api/update-status';
import { PostStatusBadge } from './post-status-badge';

const initialStatus = (status: string): PostStatusValue =>
  (POST_STATUSES as readonly string[]).includes(status) ? (status as PostStatusValue) : 'available';

/** Spec §2 dialog 6: current status, new status, optional notes (≤ 300), Cancel and Update Status. */
export function UpdateStatusDialog({ post, trigger }: { post: Post; trigger: ReactElement }) {
  const [open, setOpen] = useState(true);
  const [status, setStatus] = useState(initialStatus(post.status));
  const [notes, setNotes] = useState(post.statusNotes ?? '');
  const update = useUpdateStatus();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isUnchangedStatus(post, status, notes)) return setOpen(false);
    update.mutate(
      { postId: post.id, status, statusNotes: notes.trim() },
      { onSuccess: () => setOpen(false) },
    );
  };

  const onOpenChange = (next: boolean) => {
    if (next) {
      setStatus(initialStatus(post.status));
      setNotes(post.statusNotes ?? '');
    }
    setOpen(next);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Update Status</DialogTitle>
          <DialogDescription>Let neighbours know what is left of “{post.title}”.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <p className="flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">Current status:</span>
            <PostStatusBadge status={post.status} />
          </p>
          <StatusFields
            status={status}
            notes={notes}
            onStatus={(next) => {
              setStatus(next);
              setNotes(notesForStatus(post, next, notes));
            }}
            onNotes={setNotes}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
              {update.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Update Status
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface StatusFieldsProps {
  status: PostStatusValue;
  notes: string;
  onStatus: (status: PostStatusValue) => void;
  onNotes: (notes: string) => void;
}

/** The new status (with what each means) and the optional notes with their live counter. */
function StatusFields({ status, notes, onStatus, onNotes }: StatusFieldsProps) {
  const statusId = useId();
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={statusId}>New status</Label>
        <Select id={statusId} value={status} onChange={(e) => onStatus(e.target.value as PostStatusValue)}>
          {POST_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_INFO[value].label}: {STATUS_INFO[value].description}
            </option>
          ))}
        </Select>
      </div>
      <CountedTextarea
        label="Notes (optional)"
        value={notes}
        onValueChange={onNotes}
        max={LIMITS.statusNotesMax}
        placeholder="e.g. Only a few apples left on the lower branches"
      />
    </>
  );
}
