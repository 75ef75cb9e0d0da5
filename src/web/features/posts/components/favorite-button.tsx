import { Heart } from 'lucide-react';
import { canKeepFavorites } from '../../../../domain/policy';
import type { Post } from '../../../../domain/posts';
import { toast } from '../../../components/ui/use-toast';
import { useAfterSession } from '../../../lib/after-session';
import { useSession } from '../../../lib/session-provider';
import { useSignInPath } from '../../../lib/sign-in';
import { cn } from '../../../lib/utils';
import { useIsFavorite } from '../api/favorite-states';
import { useToggleFavorite } from '../api/favorites';

/** The heart of a card (spec §2): a toggle button named after the post, with the toasts of spec §8. */
export function FavoriteButton({ post, className }: { post: Post; className?: string }) {
  const { actor } = useSession();
  const { userId } = actor;
  const isFavorite = useIsFavorite(userId, post.id);
  const toggle = useToggleFavorite();
  const signIn = useSignInPath();

  // Pressed before the session has answered, the heart waits for it (a member is not told to sign in).
  const onClick = useAfterSession(() => {
    // The policy says who keeps favourites (members); the id is what the call sends.
    if (!canKeepFavorites(actor).ok || userId === null) {
      toast({
        title: 'Sign in to save favorites',
        description: 'Create a free account or sign in to keep posts for later.',
        action: { label: 'Sign In', to: signIn },
      });
      return;
    }
    toggle.mutate({ userId, post, favorite: !isFavorite });
  });

  return (
    <button
      type="button"
      // A toggle keeps one name and says its state with aria-pressed (WAI-ARIA APG, Button):
      // "Favorite Plums, toggle button, pressed". The tooltip names the action for the pointer.
      aria-pressed={isFavorite}
      aria-label={`Favorite ${post.title}`}
      title={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
      onClick={onClick}
      className={cn(
        'grid size-10 place-items-center rounded-full bg-card/95 text-foreground shadow-sm transition-colors hover:bg-card hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:text-rose-600',
        className,
      )}
    >
      <Heart className={cn('size-5', isFavorite && 'fill-current')} aria-hidden="true" />
    </button>
  );
}
