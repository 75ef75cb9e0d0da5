import type { ReactNode } from 'react';
import type { Post } from '../../../../domain/posts';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { PostCard } from './post-card';

// Columns of minmax(0, 1fr), from one on a phone: a card that cannot shrink never widens the others past the page.
const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 sm:gap-5';

export function PostGrid({ posts, children }: { posts: readonly Post[]; children?: ReactNode }) {
  return (
    <div className={GRID}>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      {children}
    </div>
  );
}

/** Loading: six skeleton cards (spec §2 List states). */
export function PostGridSkeleton() {
  return (
    <div className={GRID} role="status" aria-label="Loading posts">
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} className="overflow-hidden">
          <Skeleton className="aspect-[4/3] rounded-none" />
          <div className="grid gap-3 p-4">
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-16" />
            <div className="flex items-center gap-2.5">
              <Skeleton className="size-9 rounded-full" />
              <Skeleton className="h-4 w-28" />
            </div>
          </div>
        </Card>
      ))}
    </div>
  );
}
