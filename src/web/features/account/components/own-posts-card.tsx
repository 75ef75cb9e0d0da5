import { useEffect, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { OWN_POST_SHOWN_TEXT, OWN_POSTS_ANCHOR } from '../../../../domain/own-post-values';
import type { OwnPost, OwnPostsPage } from '../../../../domain/own-posts';
import { POST_TYPE_TABS, postPath, statusLabel } from '../../../../domain/post-values';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session-provider';
import { whenText } from '../../../lib/when-text';

const PAGE = 20;

/**
 * 'Your posts' (docs/decisions/0146): every post the member shared, newest first, each opening in
 * its dialog (to edit, mark or delete it), and why one is in no list. A suspended member, whose
 * posts left every list, their own too, finds them here.
 */
export function OwnPostsCard() {
  const { userId } = useSession().actor;
  const query = useInfiniteQuery({
    queryKey: ['/api/user/posts', userId],
    queryFn: ({ pageParam }) => apiRequest<OwnPostsPage>('GET', `/api/user/posts?limit=${PAGE}${pageParam ? `&cursor=${pageParam}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  const posts = query.data?.pages.flatMap((p) => p.items) ?? [];
  // /account#your-posts (the suspension notice's link): the router does not scroll to a hash by itself.
  const scrolled = useRef(false);
  const { isPending } = query;
  useEffect(() => {
    if (scrolled.current || isPending || window.location.hash !== `#${OWN_POSTS_ANCHOR}`) return;
    scrolled.current = true;
    document.getElementById(OWN_POSTS_ANCHOR)?.scrollIntoView();
  }, [isPending]);
  return (
    <Card id={OWN_POSTS_ANCHOR} className="grid scroll-mt-24 gap-3 p-6" aria-labelledby="own-posts-title" role="region">
      <h2 id="own-posts-title" className="text-xl font-semibold">
        Your posts
      </h2>
      {query.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          Your posts could not be loaded. Please try again.
        </p>
      ) : posts.length === 0 ? (
        <p className="text-muted-foreground">You have not shared anything yet.</p>
      ) : (
        <ul className="grid divide-y">
          {posts.map((post) => (
            <OwnPostLine key={post.id} post={post} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="outline" className="justify-self-start" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading…' : 'Show more of your posts'}
        </Button>
      )}
    </Card>
  );
}

function OwnPostLine({ post }: { post: OwnPost }) {
  const out = OWN_POST_SHOWN_TEXT[post.shown];
  return (
    <li className="grid gap-0.5 py-2.5">
      <Link to={postPath(post.id)} className="font-semibold break-words text-primary-hover hover:underline">
        {post.title}
      </Link>
      <p className="text-sm text-muted-foreground">
        {POST_TYPE_TABS[post.type]} · {statusLabel(post.status)} · shared {whenText(new Date(post.createdAt))}
      </p>
      {out && <p className="text-sm font-medium text-amber-800">{out}</p>}
    </li>
  );
}
