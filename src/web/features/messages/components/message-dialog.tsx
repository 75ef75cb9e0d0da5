import { useState, type FormEvent, type ReactElement } from 'react';
import { LoaderCircle, ShieldCheck } from 'lucide-react';
import { LIMITS } from '../../../../domain/limits';
import { defaultSubject, MESSAGE_MESSAGES } from '../../../../domain/message-values';
import type { Post } from '../../../../domain/posts';
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
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { useSession } from '../../../lib/session-provider';
import { useSingleFlight } from '../../../lib/single-flight';
import { useSendMessage } from '../api/send-message';
import { MessageField, useMessageDraft } from './message-field';

interface MessageDialogProps {
  /** The post whose owner (a member: `userId`) is written to. */
  post: Pick<Post, 'id' | 'title' | 'ownerName'> & { userId: string };
  /** The card's Message button (shown before this code loads). */
  trigger: ReactElement;
}

/**
 * Spec §2 dialog 5: 'Message' and the recipient's name, an optional subject (≤ 100, 'Re: {title}'
 * when left empty), the message (required, ≤ 500), the tip, Cancel and Send Message. Sent, it
 * closes with 'Message sent!'; a failure keeps what was typed.
 */
export function MessageDialog({ post, trigger }: MessageDialogProps) {
  const [open, setOpen] = useState(true);
  const [subject, setSubject] = useState('');
  const draft = useMessageDraft();
  const send = useSendMessage(useSession().actor.userId);
  const once = useSingleFlight();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const content = draft.take();
    if (content === null) return;
    once((done) =>
      send.mutate(
        { toUserId: post.userId, postId: post.id, subject: subject.trim() || undefined, content },
        {
          onSuccess: () => {
            toast({ title: MESSAGE_MESSAGES.sent });
            setOpen(false);
            setSubject('');
            draft.reset();
          },
          onSettled: done,
        },
      ),
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Message {post.ownerName ?? 'the owner'}</DialogTitle>
          <DialogDescription>About “{post.title}”. Replies arrive in your inbox.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <FormField
            label="Subject (optional)"
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            maxLength={LIMITS.subjectMax}
            placeholder={defaultSubject(post.title)}
            autoComplete="off"
          />
          <MessageField
            label="Message"
            draft={draft}
            placeholder="Hi! Is this still available? When could I pick it up?"
            rows={5}
          />
          <p className="flex gap-2 rounded-lg bg-primary-soft px-3 py-2.5 text-sm text-primary-hover">
            <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {MESSAGE_MESSAGES.tip}
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={!draft.content || send.isPending} aria-busy={send.isPending}>
              {send.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Send Message
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
