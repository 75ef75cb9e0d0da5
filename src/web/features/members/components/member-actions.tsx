import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MessageSquare, Star } from 'lucide-react';
import { threadPath } from '../../../../domain/message-values';
import type { PublicProfile } from '../../../../domain/members';
import { canBlock } from '../../../../domain/policy';
import { Button } from '../../../components/ui/button';
import { SignInLink } from '../../../components/ui/sign-in-link';
import { useSession } from '../../../lib/session-provider';
import { BlockControl } from './block-control';
import { MemberModeration } from './member-moderation';
import { RatingForm } from './rating-form';
import { VerificationPanel } from './verification-panel';

/**
 * What the viewer may do about a member: nothing on their own profile; a guest is asked to sign
 * in; a member gets 'Rate Member' (the form, or why rating is not open yet: DECISIONS 20), Message
 * and Block. Message is here because a card with a phone number offers Call and Text only (spec
 * §2), and rating waits for a message exchanged (docs/decisions/0127); the server says whether
 * it is open, a block either way closing it (docs/decisions/0129).
 */
export function MemberActions({ profile }: { profile: PublicProfile }) {
  const { actor } = useSession();
  const may = canBlock(actor, profile.id);
  if (profile.viewer.isSelf || (!may.ok && may.need === 'permission')) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">This is your profile, as neighbours see it.</p>
        <VerificationPanel userId={profile.id} held={profile.verifiedType} />
      </div>
    );
  }
  if (!may.ok) {
    return (
      <div className="grid gap-2 rounded-xl bg-muted p-4 text-sm">
        <p>Sign in to rate {profile.username} or to block them.</p>
        <SignInLink className="sm:justify-self-start sm:w-auto">Sign in to rate members</SignInLink>
      </div>
    );
  }
  return <MemberControls profile={profile} />;
}

function MemberControls({ profile }: { profile: PublicProfile }) {
  const [rating, setRating] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { viewer, username } = profile;
  // The form leaves with its buttons: focus goes back to the toggle, not to the page (docs/decisions/0049).
  const closeForm = () => {
    setRating(false);
    toggle.current?.focus();
  };
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {/* A member one blocked cannot be rated, as the line below says: no button that only says so. */}
        {!viewer.blocked && (
          <Button
            ref={toggle}
            variant={rating ? 'outline' : 'default'}
            aria-expanded={rating}
            aria-controls={rating ? panelId : undefined}
            onClick={() => setRating(!rating)}
          >
            <Star aria-hidden="true" />
            Rate Member
          </Button>
        )}
        {viewer.canMessage && (
          <Button variant="outline" asChild>
            <Link to={threadPath(profile.id, null)} state={{ otherName: username }}>
              <MessageSquare aria-hidden="true" />
              Message
            </Link>
          </Button>
        )}
        <BlockControl profile={profile} />
      </div>
      {viewer.blocked ? (
        <p className="text-sm text-muted-foreground">
          You blocked {username}. Neither of you can message or rate the other.
        </p>
      ) : (
        viewer.messageReason && <p className="text-sm text-muted-foreground">{viewer.messageReason}</p>
      )}
      {rating && !viewer.blocked && (
        <div id={panelId}>
          {viewer.canRate ? (
            <RatingForm profile={profile} onClose={closeForm} />
          ) : (
            <p className="rounded-xl bg-muted p-4 text-sm">{viewer.rateReason}</p>
          )}
        </div>
      )}
      <MemberModeration profile={profile} />
    </div>
  );
}
