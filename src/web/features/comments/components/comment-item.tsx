import { useRef, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { ADMIN_REMOVAL_NOTE, removedByAdmin, type Comment } from '../../../../domain/comments';
import { canDeleteComment } from '../../../../domain/policy';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TimeAgo } from '../../../components/ui/time-ago';
import { useSession } from '../../../lib/session-provider';
import { MemberLink } from '../../members';
import { OwnerAvatar } from '../../posts';
import { useDeleteComment } from '../api/change-comments';

/** The attribute that marks the comments' region, where focus goes once a comment is deleted. */
export const COMMENTS_REGION = 'data-comments-region';

/** One comment: its author by name, opening their profile (DECISIONS 19), its age, its text. */
export function CommentItem({ comment }: { comment: Comment }) {
  const { actor } = useSession();
  return (
    <li className="flex items-start gap-3">
      <OwnerAvatar name={comment.authorName} className="size-8 text-[0.625rem]" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex min-w-0 items-baseline gap-2">
          <MemberLink userId={comment.authorId} name={comment.authorName} className="text-sm" />
          <TimeAgo at={comment.createdAt} className="shrink-0" />
        </p>
        <p className="text-sm leading-relaxed whitespace-pre-line">{comment.content}</p>
      </div>
      {canDeleteComment(actor, comment).ok && <DeleteComment comment={comment} />}
    </li>
  );
}

/** A comment's first words, to tell its delete button from the others' when read out. */
const snippet = (text: string) => (text.length > 40 ? `${text.slice(0, 40).trimEnd()}…` : text);

/** The author's or an admin's delete button, after a confirmation (an admin's says what follows: 0151). */
function DeleteComment({ comment }: { comment: Comment }) {
  const { actor } = useSession();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteComment(comment.postId);
  const button = useRef<HTMLButtonElement>(null);
  const region = useRef<HTMLElement | null>(null);
  const deleted = useRef(false);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="-mt-1 size-8 shrink-0 text-muted-foreground hover:text-destructive"
        aria-label={`Delete comment: ${snippet(comment.content)}`}
        title="Delete comment"
        onClick={() => {
          region.current = button.current?.closest<HTMLElement>(`[${COMMENTS_REGION}]`) ?? null;
          setConfirming(true);
        }}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this comment?"
        description={removedByAdmin(actor, comment) ? `This cannot be undone. ${ADMIN_REMOVAL_NOTE}` : 'This cannot be undone.'}
        confirm="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(comment.id, {
            onSuccess: () => {
              deleted.current = true;
              setConfirming(false);
            },
          })
        }
        // The comment, and this button with it, is leaving: focus goes to the comments, not to the page.
        onCloseAutoFocus={(event) => {
          if (!deleted.current) return;
          event.preventDefault();
          region.current?.focus();
        }}
      />
    </>
  );
}
