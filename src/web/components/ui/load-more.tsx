import { useEffect, useRef } from 'react';
import { LoaderCircle } from 'lucide-react';
import { firstFocusable } from '../../lib/focus';
import { Button } from './button';

interface LoadMoreProps {
  onLoadMore: () => void;
  loading: boolean;
  /** There is a next page (the button shows while there is, or while one loads). */
  more: boolean;
  /** The list's items, among the button's siblings: the first new one takes focus. Cards by default. */
  itemSelector?: string;
}

/**
 * Infinite scroll: the next page loads when this comes within a screen of the viewport. The button
 * stays visible for keyboards, and for browsers without IntersectionObserver. While a page loads it
 * stays focusable (aria-disabled, not disabled, so Tab does not jump past the new posts to the
 * footer), and when the page arrives while it has focus, focus moves to the first new post (or item).
 */
export function LoadMore({
  onLoadMore,
  loading,
  more,
  itemSelector = 'article, [role="article"]',
}: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The button had focus: also when the last page took it away with it.
  const focused = useRef(false);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });

  // Posts on the page when the load began: the first new one is the next.
  const before = useRef(0);
  useEffect(() => {
    const cards = () => sentinel.current?.parentElement?.querySelectorAll(itemSelector) ?? [];
    if (loading) {
      before.current = cards().length;
      return;
    }
    const active = document.activeElement;
    if (!focused.current || (active !== button.current && active !== document.body)) return;
    const first = firstFocusable(cards()[before.current]);
    if (!first) return; // the page failed: the button keeps focus, and the next page moves it
    focused.current = false;
    first.focus();
  }, [loading, itemSelector]);

  useEffect(() => {
    const node = sentinel.current;
    if (!more || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '600px 0px' },
    );
    // Observing again after each page reports a sentinel that is still on screen (a tall window).
    observer.observe(node);
    return () => observer.disconnect();
  }, [loading, more]);

  return (
    <div ref={sentinel} className="mt-6 flex justify-center">
      {(more || loading) && (
        <Button
          ref={button}
          variant="outline"
          onClick={() => !loading && onLoadMore()}
          onFocus={() => (focused.current = true)}
          onBlur={() => (focused.current = false)}
          aria-disabled={loading}
          aria-busy={loading}
        >
          {loading && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {loading ? 'Loading more...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
