import { useState } from 'react';
import { ChevronDown, TrendingUp } from 'lucide-react';
import { POST_TYPE_TABS, type PostTypeValue } from '../../../../domain/post-values';
import type { CommunityFigures } from '../../../../domain/stats';
import { TypeArt } from '../../../components/ui/type-art';
import { cn } from '../../../lib/utils';
import { TRENDING_COUNTS, viewsText } from '../card-texts';

interface TrendingCardProps {
  type: PostTypeValue;
  trending: CommunityFigures['trending'] | undefined;
  onOpenPost: (id: string) => void;
}

/** Spec §2 Home: the trending card with its toggle, the five posts of this type with the most views. */
export function TrendingCard({ type, trending, onOpenPost }: TrendingCardProps) {
  const [open, setOpen] = useState(false);
  const posts = trending?.[type];
  return (
    <section aria-labelledby="trending-toggle" className="rounded-2xl border bg-card shadow-sm">
      <h2>
        <button
          id="trending-toggle"
          type="button"
          aria-expanded={open}
          aria-controls="trending-panel"
          onClick={() => setOpen((was) => !was)}
          className="flex w-full items-center gap-3 rounded-2xl px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-ring"
        >
          <TrendingUp className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="grid min-w-0 flex-1">
            <span className="text-sm font-semibold sm:text-base">
              Trending {POST_TYPE_TABS[type].toLowerCase()}
            </span>
            <span className="truncate text-xs text-muted-foreground">{TRENDING_COUNTS}</span>
          </span>
          <ChevronDown
            className={cn('size-5 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </h2>
      <div id="trending-panel" hidden={!open} className="border-t px-2 py-2">
        {open && (
          <>
            {posts && posts.length === 0 && (
              <p className="px-2 py-2 text-sm text-muted-foreground">
                No views this week yet: the first posts seen will show here.
              </p>
            )}
            {!posts && <p className="px-2 py-2 text-sm text-muted-foreground">Loading…</p>}
            {posts && posts.length > 0 && (
              <ol className="grid gap-1">
                {posts.map((post, i) => (
                  <li key={post.id}>
                    <button
                      type="button"
                      onClick={() => onOpenPost(post.id)}
                      className="flex w-full items-center gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <span className="w-4 text-sm font-bold text-muted-foreground tabular-nums">
                        {i + 1}
                      </span>
                      <TypeArt type={post.type} decorative className="size-8" />
                      <span className="grid min-w-0 flex-1">
                        <span className="truncate text-sm font-medium">{post.title}</span>
                        <span className="truncate text-xs text-muted-foreground">{post.area}</span>
                      </span>
                      <span className="text-xs whitespace-nowrap text-muted-foreground">
                        {viewsText(post.views)}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </section>
  );
}
