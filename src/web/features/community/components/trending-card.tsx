import { useState } from 'react';
import { TrendingUp } from 'lucide-react';
import { POST_TYPE_TABS, type PostTypeValue } from '../../../../domain/post-values';
import type { CommunityFigures } from '../../../../domain/stats';
import { FoldSection } from '../../../components/ui/fold-section';
import { TypeArt } from '../../../components/ui/type-art';
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
    <FoldSection
      id="trending"
      icon={<TrendingUp className="size-5 shrink-0 text-primary" aria-hidden="true" />}
      title={`Trending ${POST_TYPE_TABS[type].toLowerCase()}`}
      summary={TRENDING_COUNTS}
      open={open}
      onToggle={() => setOpen((was) => !was)}
      panelClassName="px-2 py-2"
    >
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
                <span className="w-4 text-sm font-bold text-muted-foreground tabular-nums">{i + 1}</span>
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
    </FoldSection>
  );
}
