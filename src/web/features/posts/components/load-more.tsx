import { useEffect, useRef } from 'react';
import { LoaderCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';

interface LoadMoreProps {
  onLoadMore: () => void;
  loading: boolean;
}

/**
 * Infinite scroll: the next page loads when this comes within a screen of the viewport. The button
 * stays visible for keyboards, and for browsers without IntersectionObserver.
 */
export function LoadMore({ onLoadMore, loading }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '600px 0px' },
    );
    // Observing again after each page reports a sentinel that is still on screen (a tall window).
    observer.observe(node);
    return () => observer.disconnect();
  }, [loading]);

  return (
    <div ref={sentinel} className="mt-6 flex justify-center">
      <Button variant="outline" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
        {loading && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {loading ? 'Loading more...' : 'Load more'}
      </Button>
    </div>
  );
}
