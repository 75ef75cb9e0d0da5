import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PostTypeValue } from '../../../domain/post-values';
import { canPost, type Decision } from '../../../domain/policy';
import { toast } from '../../components/ui/use-toast';
import { useSession } from '../../lib/session-provider';

type Refusal = Extract<Decision, { ok: false }>;

/**
 * Opening the create dialog, as the policy allows posting (DECISIONS 8): at once for whoever may
 * post; a guest who needs an account is sent to registration with a word of explanation, until the
 * access dialog arrives, and comes back to the open dialog; a member whose access has ended is told
 * where passes are. A click before the session's answer has come waits for it: a member is not
 * taken for a guest. `fromLink`: the address asks for the dialog (`create=1`), for those who may post.
 */
export function useCreateFlow(type: PostTypeValue, fromLink: boolean) {
  const session = useSession();
  const navigate = useNavigate();
  const [wanted, setWanted] = useState(false);
  // The last refusal, and the one already answered (each click refused is a new one).
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const answered = useRef<Refusal | null>(null);
  const [requested, setRequested] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const [linkSeen, setLinkSeen] = useState(false);
  const decide = () => canPost(session.actor, new Date(), session.postingAccess);
  if (fromLink !== linkSeen && !session.isLoading) {
    setLinkSeen(fromLink);
    if (fromLink && decide().ok) setWanted(true);
  }
  if (wanted && !session.isLoading) {
    setWanted(false);
    const decision = decide();
    if (decision.ok) {
      setRequested(true);
      setOpen(true);
    } else setRefusal(decision);
  }
  useEffect(() => {
    if (!refusal || answered.current === refusal) return;
    answered.current = refusal;
    if (refusal.need === 'permission') {
      toast({
        title: 'Get a pass to post',
        description: refusal.message,
        action: { label: 'See passes', to: '/subscribe' },
      });
      return;
    }
    toast({
      title: 'Create a free account to post',
      description: 'It takes a minute, and sharing stays free.',
    });
    // Back to this view (tab, filters, list or map) with the form open.
    const back = new URLSearchParams(window.location.search);
    back.set('type', type);
    back.set('create', '1');
    back.delete('post');
    navigate(`/register?redirect=${encodeURIComponent(`/?${back}`)}`);
  }, [refusal, navigate, type]);
  return { requested, isOpen, setOpen, open: () => setWanted(true) };
}
