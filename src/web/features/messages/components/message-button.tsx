import { MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { canMessage } from '../../../../domain/policy';
import type { Post } from '../../../../domain/posts';
import { Button } from '../../../components/ui/button';
import { DeferredOpen } from '../../../components/ui/deferred-open';
import { toast } from '../../../components/ui/use-toast';
import { lazyNamed } from '../../../lib/lazy';
import { useSession } from '../../../lib/session-provider';

const MessageDialog = lazyNamed(() => import('./message-dialog'), 'MessageDialog');

/**
 * A card's Message button (spec §2 Post card, when the post has no phone number): the message
 * dialog for a member writing to the post's owner; a guest is asked to sign in and comes back
 * here. Nothing for a post without an owning member, or for the owner.
 */
export function MessageButton({ post }: { post: Pick<Post, 'id' | 'title' | 'ownerName' | 'userId'> }) {
  const { actor } = useSession();
  const navigate = useNavigate();
  const { userId } = post;
  if (!userId) return null;
  // Blocks are the server's to know: a message across one is refused with its reason (403).
  const decision = canMessage(actor, userId, { blocked: false });
  if (!decision.ok && decision.need === 'permission') return null;

  const button = (onClick?: () => void) => (
    <Button variant="outline" size="sm" className="w-full" onClick={onClick}>
      <MessageSquare aria-hidden="true" />
      Message
    </Button>
  );
  if (!decision.ok) {
    const signIn = () => {
      const here = `${window.location.pathname}${window.location.search}`;
      toast({ title: 'Sign in to send messages', description: decision.message });
      navigate(`/login?${new URLSearchParams({ redirect: here })}`);
    };
    return button(signIn);
  }
  return (
    <DeferredOpen
      trigger={button()}
      preload={MessageDialog.preload}
      render={(trigger) => <MessageDialog post={{ ...post, userId }} trigger={trigger} />}
    />
  );
}
