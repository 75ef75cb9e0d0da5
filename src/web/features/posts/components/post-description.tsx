import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { cn } from '../../../lib/utils';

/**
 * A post's description: on a card, its first four lines, with 'more' over the end of the last one
 * when there is more (measured, so a short text offers nothing); 'Show less' folds it again. In the
 * post's dialog (`full`), all of it. The 'more' button sits over the text, so finding that a text
 * is long moves nothing on the page (docs/decisions/0140).
 */
export function PostDescription({ text, full = false }: { text: string; full?: boolean }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const clamped = useClamped(ref, !full && !open, text);
  const toggle = (next: boolean) => {
    setOpen(next);
    if (!next) ref.current?.scrollIntoView({ block: 'nearest' });
  };
  return (
    <div className="relative grid gap-1">
      <p id={id} ref={ref} className={cn('text-sm leading-relaxed whitespace-pre-line wrap-anywhere', !full && !open && 'line-clamp-4')}>
        {text}
      </p>
      {clamped && (
        <button
          type="button"
          aria-expanded={false}
          aria-controls={id}
          onClick={() => toggle(true)}
          aria-label="Show more of the description"
          className="absolute right-0 bottom-0 rounded-sm bg-card pl-1.5 text-sm leading-relaxed font-semibold text-primary shadow-[-1rem_0_0.75rem_var(--color-card)] hover:underline"
        >
          <span aria-hidden="true">… </span>more
        </button>
      )}
      {open && (
        <button type="button" aria-expanded aria-controls={id} onClick={() => toggle(false)} className="justify-self-start text-sm font-semibold text-primary hover:underline">
          Show less
        </button>
      )}
    </div>
  );
}

/** Whether the clamped paragraph hides some of its text, measured again as its width or its text changes (an edit). */
function useClamped(ref: RefObject<HTMLElement | null>, clampedNow: boolean, text: string): boolean {
  const [clamped, setClamped] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !clampedNow) {
      setClamped(false);
      return;
    }
    const measure = () => setClamped(el.scrollHeight > el.clientHeight + 1);
    measure();
    const sizes = new ResizeObserver(measure);
    sizes.observe(el);
    return () => sizes.disconnect();
  }, [ref, clampedNow, text]);
  return clamped;
}
