import type { PublicProfile } from '../../../../domain/members';
import { MemberLink } from '../../members';
import { ReplyBox } from './reply-box';
import type { ThreadAddress } from './thread-list';

interface ThreadFooterProps {
  userId: string;
  address: ThreadAddress;
  otherName: string;
  /** What the viewer may do about the other member, once their profile has answered. */
  viewer: PublicProfile['viewer'] | undefined;
}

/**
 * Under a conversation: the reply box, or, where no message can be sent, why not, as the
 * member's profile says it (docs/decisions/0131): the viewer's own block, with the way to the
 * profile where it is lifted, a block by the other or a suspension in the server's words. The
 * box shows while the profile is asked; the server refuses a message all the same.
 */
export function ThreadFooter({ userId, address, otherName, viewer }: ThreadFooterProps) {
  if (!viewer || viewer.canMessage) return <ReplyBox userId={userId} address={address} otherName={otherName} />;
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
