import { useRef, useState, type FormEvent } from 'react';
import { LoaderCircle, Send } from 'lucide-react';
import { COMMENT_MESSAGES } from '../../../../domain/comments';
import { LIMITS } from '../../../../domain/limits';
import { canComment } from '../../../../domain/policy';
import { Button } from '../../../components/ui/button';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import { SignInLink } from '../../../components/ui/sign-in-link';
import { toast } from '../../../components/ui/use-toast';
import { useSession } from '../../../lib/session-provider';
import { useSingleFlight } from '../../../lib/single-flight';
import { useCreateComment } from '../api/change-comments';
import { checkComment } from '../comment-input';

/**
 * Members comment; a guest reads, and is asked to sign in instead of a form (DECISIONS 19). A
 * suspended member is told why they cannot, not asked to sign in (docs/decisions/0131).
 */
export function CommentComposer({ postId, placeholder }: { postId: string; placeholder: string }) {
  const { actor } = useSession();
  const may = canComment(actor);
  if (may.ok) return <CommentForm postId={postId} placeholder={placeholder} />;
  if (may.need === 'permission') return <p className="rounded-xl bg-muted p-4 text-sm">{may.message}</p>;
  return (
    <div className="grid gap-2 rounded-xl bg-muted p-4 text-sm">
      <p>Anyone can read the comments; members write them.</p>
      <SignInLink className="sm:w-auto sm:justify-self-start">Sign in to comment</SignInLink>
    </div>
  );
}

/** A textarea of at most 500 characters with its live counter, and 'Post Comment' (spec §2 dialog 3, §5). */
function CommentForm({ postId, placeholder }: { postId: string; placeholder: string }) {
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const create = useCreateComment(postId);
  const once = useSingleFlight();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkComment(text);
    if (check.kind === 'ignored') return;
    if (check.kind === 'invalid') {
      toast({ variant: 'destructive', title: COMMENT_MESSAGES.invalidTitle, description: check.message });
      return;
    }
    once((done) =>
      create.mutate(check.content, {
        // The button is disabled once the text is cleared: focus waits in the textarea for the next one.
        onSuccess: () => {
          setText('');
          field.current?.focus();
        },
        onSettled: done,
      }),
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-2 border-t pt-4" noValidate>
      <CountedTextarea
        ref={field}
        label="Add a comment"
        value={text}
        onValueChange={setText}
        max={LIMITS.commentMax}
        placeholder={placeholder}
        className="min-h-20"
      />
      <Button type="submit" className="justify-self-end" disabled={text.trim() === ''} aria-busy={create.isPending}>
        {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        Post Comment
      </Button>
    </form>
  );
}
