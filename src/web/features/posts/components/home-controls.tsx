import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { Apple, Flame, Layers, List, Map as MapIcon, Upload, type LucideIcon } from 'lucide-react';
import { POST_TYPE_TABS, POST_TYPES, type PostTypeValue } from '../../../../domain/post-values';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

const TYPE_ICONS: Record<PostTypeValue, LucideIcon> = { fruit: Apple, firewood: Flame, skids: Layers };

/**
 * The post-type switcher (spec §2): links that keep the other filters, so each type has its own
 * shareable address. The current one is marked with aria-current.
 */
export function TypeTabs({ current }: { current: PostTypeValue }) {
  const { search } = useLocation();
  const hrefFor = (type: PostTypeValue) => {
    const params = new URLSearchParams(search);
    params.set('type', type);
    params.delete('post');
    return `/?${params}`;
  };
  return (
    <nav aria-label="Post type" className="w-full sm:w-auto">
      <ul className="flex gap-1 rounded-xl bg-muted p-1">
        {POST_TYPES.map((type) => {
          const Icon = TYPE_ICONS[type];
          return (
            <li key={type} className="flex-1">
              <Link
                to={hrefFor(type)}
                replace
                aria-current={type === current ? 'page' : undefined}
                className="flex items-center justify-center gap-1 rounded-lg px-2 py-2 text-sm font-semibold whitespace-nowrap sm:gap-1.5 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[current=page]:bg-card aria-[current=page]:text-foreground aria-[current=page]:shadow-sm sm:px-4"
              >
                {/* Below 360 px the three names and their icons are wider than the page: the names alone. */}
                <Icon className="size-4 max-[360px]:hidden" aria-hidden="true" />
                {POST_TYPE_TABS[type]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export type HomeView = 'list' | 'map';

const VIEWS: { view: HomeView; label: string; icon: LucideIcon }[] = [
  { view: 'list', label: 'List', icon: List },
  { view: 'map', label: 'Map', icon: MapIcon },
];

/** The list/map toggle of spec §2. */
export function ViewToggle({ view, onChange }: { view: HomeView; onChange: (view: HomeView) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-lg border bg-card p-0.5 shadow-xs">
      {VIEWS.map(({ view: value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
            'aria-pressed:bg-primary aria-pressed:text-primary-foreground',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * 'Upload FREE (No Signup)': opens the create dialog for the current type (spec §2). With `blocked`
 * (a suspended member: why they cannot post now), it shows as off and says why beneath; it stays
 * focusable and a press still answers (the create flow's toast), so nobody presses it for nothing.
 */
export function UploadButton({
  onClick,
  onPointerEnter,
  blocked = null,
}: {
  onClick: () => void;
  onPointerEnter?: () => void;
  blocked?: string | null;
}) {
  const noteId = useId();
  const button = (
    <Button
      variant="accent"
      size="lg"
      onClick={onClick}
      onPointerEnter={blocked ? undefined : onPointerEnter}
      onFocus={blocked ? undefined : onPointerEnter}
      aria-disabled={blocked ? true : undefined}
      aria-describedby={blocked ? noteId : undefined}
      className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-accent sm:w-auto"
    >
      <Upload aria-hidden="true" />
      Upload FREE (No Signup)
    </Button>
  );
  if (!blocked) return button;
  return (
    <div className="grid gap-1 sm:justify-items-end">
      {button}
      <p id={noteId} className="text-xs text-red-800 sm:text-right">
        {blocked}
      </p>
    </div>
  );
}
