import { useId } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { countOf } from '../../../lib/count';
import { previewOnly } from '../../../lib/session';
import { useSession } from '../../../lib/session-provider';
import { usePostsList } from '../api/get-posts';
import { AccessCard } from './list-states';
import { PostGrid, PostGridSkeleton } from './post-grid';

/** The recent posts a local page shows: the newest six of its area (spec §2, docs/decisions/0088). */
export const LOCAL_POSTS_LIMIT = 6;

interface LocalPostsProps {
  /** The area's name, as the count says it: '12 posts in Scarborough'. */
  name: string;
  /** The list's filters that find the area's posts (domain/pages.ts listQuery). */
  listQuery: Readonly<Record<string, string>>;
}

/**
 * A local page's live count and newest posts, through the posts list and its viewing gate
 * (DECISIONS 7): a guest without access sees the first post and how many more there are. While it
 * loads (and in the prerendered HTML) the count line and six skeleton cards hold their places.
 */
export function LocalPosts({ name, listQuery }: LocalPostsProps) {
  const headingId = useId();
  const query = new URLSearchParams({ ...listQuery, limit: String(LOCAL_POSTS_LIMIT) }).toString();
  const list = usePostsList(query);
  const session = useSession();
  const first = list.data?.pages[0];
  const posts = first?.posts.slice(0, LOCAL_POSTS_LIMIT) ?? [];
  const hidden = first && previewOnly(session, new Date()) ? Math.max(0, first.total - posts.length) : 0;

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight">
          {`Recent posts in ${name}`}
        </h2>
        <div className="min-h-6 text-muted-foreground" aria-live="polite">
          {list.isPending ? (
            <Skeleton className="inline-block h-5 w-44 align-middle" />
          ) : list.isError ? (
            'The count could not be loaded.'
          ) : (
            `${countOf(first?.total ?? 0, 'post', first?.totalAccuracy)} shared in ${name} right now`
          )}
        </div>
      </div>
      {list.isPending ? (
        <PostGridSkeleton />
      ) : list.isError ? (
        <p role="alert" className="rounded-xl border bg-card p-6 text-center">
          Failed to fetch posts. Every post is on the home page.
        </p>
      ) : posts.length === 0 && hidden === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-6 text-center text-muted-foreground">
          Nothing is up for grabs in {name} yet. Be the first: post what you have from the home page.
        </p>
      ) : (
        <PostGrid posts={posts}>
          {hidden > 0 && <AccessCard hidden={hidden} accuracy={first?.totalAccuracy ?? 'exact'} />}
        </PostGrid>
      )}
    </section>
  );
}
