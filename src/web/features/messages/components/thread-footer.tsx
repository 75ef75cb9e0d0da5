import type { PublicProfile } from '../../../../domain/members';
import { answerPausedText } from '../../../../domain/message-values';
import { MemberLink } from '../../members';
import { ReplyBox } from './reply-box';
import type { ThreadAddress } from './thread-list';

interface ThreadFooterProps {
  userId: string;
  address: ThreadAddress;
  otherName: string;
  /** What the viewer may do about the other member, once their profile has answered. */
  viewer: PublicProfile['viewer'] | undefined;
  /** The other member closed their account, found by a reply (0152). */
  onGone: () => void;
}

/**
 * Under a conversation: the reply box (with a word when the other member cannot answer for now,
 * 0148), or, where no message can be sent, why not, as the member's profile says it (0131): the viewer's own block, with the way to the
 * profile where it is lifted, a block by the other or a suspension in the server's words. The
 * box shows while the profile is asked; the server refuses a message all the same.
 */
export function ThreadFooter({ userId, address, otherName, viewer, onGone }: ThreadFooterProps) {
  if (!viewer || viewer.canMessage) {
    return (
      <>
        {/* Writing on would leave the neighbour waiting for a pickup's answer that cannot come (0148). */}
        {viewer?.answerPaused && (
          <p role="note" className="border-t bg-accent-soft px-4 py-2.5 text-sm sm:px-5">
            {answerPausedText(otherName)}
          </p>
        )}
        <ReplyBox userId={userId} address={address} otherName={otherName} onGone={onGone} />
      </>
    );
  }
  return (
    <p role="note" className="border-t bg-card p-4 text-sm text-muted-foreground sm:px-5">
      {viewer.blocked ? (
        <>
          You blocked <MemberLink userId={address.otherUserId} name={otherName} className="text-foreground" />. Neither of you
          can message or rate the other; unblock them from their profile to write again.
        </>
      ) : (
        viewer.messageReason
      )}
    </p>
  );
}
