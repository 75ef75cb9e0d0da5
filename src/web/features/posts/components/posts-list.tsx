import { RotateCw } from 'lucide-react';
import { useDeferredValue, useId, type ReactNode } from 'react';
import { POST_TYPE_TABS, type PostTypeValue } from '../../../../domain/post-values';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadMore } from '../../../components/ui/load-more';
import { countOf } from '../../../lib/count';
import { previewOnly } from '../../../lib/session';
import { useSession } from '../../../lib/session-provider';
import { PostsFetchError, usePostsList } from '../api/get-posts';
import { AccessCard, AccessNote, EmptyState, emptyTitle } from './list-states';
import { PostGrid, PostGridSkeleton } from './post-grid';

interface PostsListProps {
  type: PostTypeValue;
  /** The API query string: filters and the viewer's origin. */
  query: string;
  /** What an empty list suggests when filters are on; null without filters. */
  filteredHint: string | null;
  onAdd: () => void;
  onClearFilters: () => void;
}

/**
 * The home list with the states of spec §2: loading, empty, free preview, pages on the Link cursor.
 * One polite live region, there in every state, reads out what the filters found: the count, or
 * that nothing matches (docs/decisions/0134).
 */
export function PostsList(props: PostsListProps) {
  const { said, shown } = useListState(props);
  return (
    <>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      {shown}
    </>
  );
}

/** The list's state: what its live region says, and what it shows. */
function useListState({ type, query, filteredHint, onAdd, onClearFilters }: PostsListProps): { said: string; shown: ReactNode } {
  const session = useSession();
  const list = usePostsList(query);
  // A page of cards is rendered in the background, in slices between which the browser answers
  // input, not in one long task as the query's answer would have it (issue 20).
  const data = useDeferredValue(list.data);
  const headingId = useId();

  if (list.isError) {
    const hint = list.error instanceof PostsFetchError ? list.error.hint : undefined;
    return { said: '', shown: <ListError message={list.error.message} hint={hint} onRetry={() => void list.refetch()} /> };
  }
  if (!data) return { said: '', shown: <PostGridSkeleton /> };

  const posts = data.pages.flatMap((page) => page.posts);
  const first = data.pages[0];
  const total = first?.total ?? posts.length;
  const accuracy = first?.totalAccuracy ?? 'exact';
  // The access card is for a viewer without viewing access only (spec §2): the server gives them
  // the first post and the true total, with no next page (DECISIONS 7). The total alone decides
  // nothing: a stale count (a post deleted since) must not lock a member out.
  const gated = previewOnly(session, new Date());
  const hidden = gated && !list.hasNextPage ? Math.max(0, total - posts.length) : 0;

  // The server says nothing matches (an exact total of 0): a viewer without access is told so, as a
  // member is, and the access offer follows, smaller; there are no posts to sell (docs/decisions/0107).
  const nothingMatches = total === 0 && accuracy === 'exact';
  if (posts.length === 0 && gated && !nothingMatches)
    return { said: '', shown: <AccessCard type={type} hidden={0} accuracy="exact" /> };
  if (posts.length === 0)
    return {
      said: emptyTitle(type, filteredHint !== null),
      shown: (
        <div className="grid gap-4">
          <EmptyState type={type} filteredHint={filteredHint} onAdd={onAdd} onClearFilters={onClearFilters} />
          {gated && <AccessNote />}
        </div>
      ),
    };

  // A page that has come but is not drawn yet is still loading: focus then moves to its first card.
  const loadingMore = list.isFetchingNextPage || data !== list.data;
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
  const shown = (
    <section aria-labelledby={headingId} aria-busy={list.isFetching} className="relative">
      {/* Other filters loading: the cards shown stay, fully readable, under a moving bar. */}
      {list.isPlaceholderData && (
        <div aria-hidden="true" className="absolute inset-x-0 -top-2.5 h-1 animate-pulse rounded-full bg-primary/60" />
      )}
      <h2 id={headingId} className="sr-only">
        {POST_TYPE_TABS[type]} posts
      </h2>
      <PostGrid posts={posts}>
        {hidden > 0 && <AccessCard type={type} hidden={hidden} accuracy={accuracy} />}
      </PostGrid>
      <LoadMore onLoadMore={loadMore} loading={loadingMore} more={list.hasNextPage} />
    </section>
  );
  return { said: countOf(total, 'post', accuracy), shown };
}

function ListError({ message, hint, onRetry }: { message: string; hint?: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="grid place-items-center gap-3 px-6 py-12 text-center">
      <p className="font-semibold">{message}</p>
      <p className="text-sm text-muted-foreground">{hint ?? 'Check your connection and try again.'}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </Card>
  );
}
