import { Link } from 'react-router';
import { ArrowLeft, EyeOff, Heart, LogIn } from 'lucide-react';
import { hiddenFavoritesText } from '../../../domain/post-values';
import { canKeepFavorites } from '../../../domain/policy';
import { DocumentTitle } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PostGrid, PostGridSkeleton, useFavorites, useViewerOrigin } from '../../features/posts';
import { countOf } from '../../lib/count';
import { FOCUS_AFTER_LEAVE, useFocusAfterLeave } from '../../lib/focus-after-leave';
import { useSession } from '../../lib/session-provider';

/** Spec §2 Favorites: 'My Favorites', a back link, the count, the cards; 'Browse Posts' when empty. */
export function Favorites() {
  const { actor, isLoading } = useSession();
  const origin = useViewerOrigin(false);
  const favorites = useFavorites(actor.userId, origin.near);
  const posts = favorites.data?.posts;
  const count = posts?.length ?? 0;
  const hidden = favorites.data?.hidden ?? 0;
  // A post taken out here leaves with the focus: it goes to the heart of the card that takes its
  // place, or to the empty list's heading (docs/decisions/0133).
  const frame = useFocusAfterLeave<HTMLDivElement>(
    posts?.map((post) => post.id),
    'button[aria-pressed][aria-label^="Favorite "], [data-focus-after-leave]',
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title="My Favorites" />
      <Button variant="link" asChild className="mb-4">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to posts
        </Link>
      </Button>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">My Favorites</h1>
        {favorites.data && (
          <p className="text-muted-foreground" role="status">
            {countOf(count, 'saved post')}
          </p>
        )}
      </div>
      <div ref={frame}>
        {isLoading || (actor.userId && favorites.isPending) ? (
          <PostGridSkeleton />
        ) : !canKeepFavorites(actor).ok ? (
          <SignInPrompt />
        ) : favorites.isError ? (
          <Card role="alert" className="p-6 text-center font-semibold">
            {favorites.error.message}
          </Card>
        ) : count === 0 ? (
          <EmptyFavorites hidden={hidden} />
        ) : (
          <section aria-labelledby="saved-posts">
            <h2 id="saved-posts" className="sr-only">
              Saved posts
            </h2>
            {hidden > 0 && (
              <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground">
                <EyeOff className="size-4 shrink-0" aria-hidden="true" />
                {hiddenFavoritesText(hidden)}
              </p>
            )}
            <PostGrid posts={posts ?? []} />
          </section>
        )}
      </div>
    </div>
  );
}

/** No saved post to show: none yet, or only ones hidden for now (docs/decisions/0144). */
function EmptyFavorites({ hidden }: { hidden: number }) {
  return (
    <Card className="grid place-items-center gap-3 border-dashed px-6 py-14 text-center">
      <Heart className="size-10 text-rose-600" aria-hidden="true" />
      <h2
        {...FOCUS_AFTER_LEAVE}
        className="rounded-sm text-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {hidden > 0 ? 'No saved posts to show' : 'No saved posts yet'}
      </h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {hidden > 0 ? hiddenFavoritesText(hidden) : 'Tap the heart on a post to keep it here for later.'}
      </p>
      <Button asChild>
        <Link to="/">Browse Posts</Link>
      </Button>
    </Card>
  );
}

function SignInPrompt() {
  return (
    <Card className="grid place-items-center gap-3 px-6 py-14 text-center">
      <LogIn className="size-10 text-primary" aria-hidden="true" />
      <h2 className="text-lg font-semibold">Sign in to see your favorites</h2>
      <p className="max-w-md text-sm text-muted-foreground">Your saved posts are kept with your account.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/login?redirect=/favorites">Sign In</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/register?redirect=/favorites">Start Free Trial</Link>
        </Button>
      </div>
    </Card>
  );
}
