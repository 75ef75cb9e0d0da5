import { useEffect, useRef, useState } from 'react';
import type { PostTypeValue } from '../../../domain/post-values';
import { canPost, type Decision } from '../../../domain/policy';
import { isSuspended, suspendedUntilSentence } from '../../../domain/suspension';
import { toast } from '../../components/ui/use-toast';
import { useSession } from '../../lib/session-provider';

type Refusal = Extract<Decision, { ok: false }>;

/** Where signing in or registering from the access dialog comes back to: this view, with the form open. */
export function backWithForm(type: PostTypeValue): string {
  const back = new URLSearchParams(window.location.search);
  back.set('type', type);
  back.set('create', '1');
  for (const name of ['post', 'posting_success', 'payment', 'posting_cancelled']) back.delete(name);
  return `/?${back}`;
}

/**
 * Opening the create dialog, as the policy allows posting (DECISIONS 8): at once for whoever may
 * post; a guest who needs access gets the Post Access Required dialog (spec §2 dialog 9), and
 * the form as soon as a grant is in the session (`granted`); a refusal of another kind (a
 * suspended member) is told why, as `blocked` says beside the button beforehand. A click before
 * the session's answer has come waits for it: a member is not taken for a guest. `fromLink`: the
 * address asks for the dialog (`create=1`: back from signing in, a local page's 'Post something
 * free'), as a press of Upload does: a guest who needs access gets the access dialog (0150).
 */
export function useCreateFlow(fromLink: boolean) {
  const session = useSession();
  const [wanted, setWanted] = useState(false);
  // The last refusal, and the one already answered (each click refused is a new one).
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const answered = useRef<Refusal | null>(null);
  const [requested, setRequested] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const [accessRequested, setAccessRequested] = useState(false);
  const [accessOpen, setAccessOpen] = useState(false);
  const [linkSeen, setLinkSeen] = useState(false);
  const decide = () => canPost(session.actor, new Date(), session.postingAccess);
  if (fromLink !== linkSeen && !session.isLoading) {
    setLinkSeen(fromLink);
    if (fromLink) setWanted(true);
  }
  if (wanted && !session.isLoading) {
    setWanted(false);
    const decision = decide();
    if (decision.ok) {
      setRequested(true);
      setOpen(true);
      // The form takes the access dialog's place.
      setAccessOpen(false);
    } else if (decision.need === 'sign-in') {
      setAccessRequested(true);
      setAccessOpen(true);
    } else setRefusal(decision);
  }
  useEffect(() => {
    if (!refusal || answered.current === refusal) return;
    answered.current = refusal;
    // No pass helps here: the policy refuses only a suspended member this way (domain/policy.ts).
    toast({ title: 'You cannot post right now', description: refusal.message });
  }, [refusal]);
  const open = () => setWanted(true);
  // The server has just granted access (the session is asked again, but this render may not have its
  // answer yet): the form opens without asking the policy; the server judges the post itself.
  const openGranted = () => {
    setRequested(true);
    setOpen(true);
    setAccessOpen(false);
  };
  const { suspension } = session.actor;
  return {
    /** Why this member cannot post now (a suspension, until when), for the Upload button; null when they may. */
    blocked: isSuspended(suspension, new Date()) ? suspendedUntilSentence(suspension.until) : null,
    requested,
    isOpen,
    setOpen,
    open,
    access: {
      requested: accessRequested,
      isOpen: accessOpen,
      setOpen: setAccessOpen,
      /** A grant was given: the form opens. */
      granted: openGranted,
    },
  };
}
