import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/utils';

interface FoldSectionProps {
  /** Names the toggle (`${id}-toggle`) and the panel (`${id}-panel`). */
  id: string;
  icon: ReactNode;
  title: ReactNode;
  /** One line under the title, cut with an ellipsis. */
  summary: ReactNode;
  open: boolean;
  onToggle: () => void;
  /** Starts loading what the panel needs when the pointer or focus reaches the toggle. */
  onPreload?: () => void;
  panelClassName?: string;
  /** Rendered only while open. */
  children: ReactNode;
}

/** A home page card folded into one line until opened (docs/decisions/0082, 0087): invite, trending, a member's cards. */
export function FoldSection({
  id,
  icon,
  title,
  summary,
  open,
  onToggle,
  onPreload,
  panelClassName,
  children,
}: FoldSectionProps) {
  return (
    <section aria-labelledby={`${id}-toggle`} className="rounded-2xl border bg-card shadow-sm">
      <h2>
        <button
          id={`${id}-toggle`}
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={onToggle}
          onPointerEnter={onPreload}
          onFocus={onPreload}
          className="flex w-full items-center gap-3 rounded-2xl px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-ring"
        >
          {icon}
          <span className="grid min-w-0 flex-1">
            <span className="text-sm font-semibold sm:text-base">{title}</span>
            <span className="truncate text-xs text-muted-foreground">{summary}</span>
          </span>
          <ChevronDown
            className={cn('size-5 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </h2>
      <div id={`${id}-panel`} hidden={!open} className={cn('rounded-b-2xl border-t', panelClassName)}>
        {open && children}
      </div>
    </section>
  );
}
