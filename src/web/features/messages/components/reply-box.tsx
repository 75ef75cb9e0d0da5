import { useRef, type FormEvent } from 'react';
import { LoaderCircle, SendHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { focusIsLost } from '../../../lib/focus';
import { useSingleFlight } from '../../../lib/single-flight';
import { recipientGone, useSendMessage } from '../api/send-message';
import { MessageField, useMessageDraft } from './message-field';
import type { ThreadAddress } from './thread-list';

interface ReplyBoxProps {
  userId: string;
  address: ThreadAddress;
  otherName: string;
  /** The member closed their account (a reply refused with 404 'Member not found.'): the inbox closes the conversation (0152). */
  onGone: () => void;
}

/** A reply in a conversation: the message rules of the dialog (spec §5); the subject is not asked again. */
export function ReplyBox({ userId, address, otherName, onGone }: ReplyBoxProps) {
  const draft = useMessageDraft();
  const send = useSendMessage(userId);
  const once = useSingleFlight();
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const content = draft.take();
    if (content === null) return;
    once((done) =>
      send.mutate(
        { toUserId: address.otherUserId, postId: address.postId, content },
        {
          onSuccess: draft.reset,
          // The toast says why; the conversation went with the member, and leaves the screen.
          onError: (error) => {
            if (recipientGone(error)) onGone();
          },
          // Send is disabled while it sends, and after, with the box empty: the focus it had waits in
          // the box for the next reply, or for another try (docs/decisions/0134).
          onSettled: () => {
            done();
            if (focusIsLost() || form.current?.contains(document.activeElement)) draft.ref.current?.focus();
          },
        },
      ),
    );
  };

  return (
    <form
      ref={form}
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-[1fr_auto] items-start gap-2 border-t bg-card p-3 sm:px-5"
    >
      <MessageField
        label={`Reply to ${otherName}`}
        draft={draft}
        frameClassName="[&>label]:sr-only"
        rows={2}
        placeholder="Write a reply..."
        className="max-h-40 min-h-11 resize-y"
      />
      <Button
        type="submit"
        className="h-11"
        disabled={!draft.content || send.isPending}
        aria-busy={send.isPending}
      >
        {send.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <SendHorizontal aria-hidden="true" />
        )}
        Send
      </Button>
    </form>
  );
}
