import { MessageSquare } from 'lucide-react';
import { canMessage } from '../../../../domain/policy';
import type { Post } from '../../../../domain/posts';
import { Button } from '../../../components/ui/button';
import { DeferredOpen } from '../../../components/ui/deferred-open';
import { lazyNamed } from '../../../lib/lazy';
import { useSession } from '../../../lib/session-provider';

const MessageDialog = lazyNamed(() => import('./message-dialog'), 'MessageDialog');

/**
 * A card's Message button (spec §2 Post card, when the post has no phone number): the message
 * dialog for a member writing to the post's owner. Nothing for a post without an owning member,
 * for the owner, or for a guest (the card asks a guest to sign in to contact, DECISIONS 24).
 */
export function MessageButton({ post }: { post: Pick<Post, 'id' | 'title' | 'ownerName' | 'userId'> }) {
  const { actor } = useSession();
  const { userId } = post;
  // Blocks are the server's to know: a message across one is refused with its reason (403).
  if (!userId || !canMessage(actor, userId, { blocked: false }).ok) return null;
  return (
    <DeferredOpen
      trigger={
        <Button variant="outline" size="sm" className="w-full">
          <MessageSquare aria-hidden="true" />
          Message
          <span className="sr-only"> {post.ownerName ?? 'Community Member'} about {post.title}</span>
        </Button>
      }
      preload={MessageDialog.preload}
      render={(trigger) => <MessageDialog post={{ ...post, userId }} trigger={trigger} />}
    />
  );
}
