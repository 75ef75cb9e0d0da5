import type { MouseEvent } from 'react';
import { X } from 'lucide-react';
import { focusableAfter, focusIsLost } from '../../../lib/focus';

/**
 * The ✕ of a dismissible banner (`data-dismissable`), named for what it closes. The banner leaves
 * with the button: the focus goes on to what came after it, not to the page (docs/decisions/0134).
 */
export function DismissButton({ label, onClick }: { label: string; onClick: () => void }) {
  const dismiss = (event: MouseEvent<HTMLButtonElement>) => {
    const banner = event.currentTarget.closest('[data-dismissable]') ?? event.currentTarget;
    const next = focusableAfter(banner);
    onClick();
    requestAnimationFrame(() => {
      if (focusIsLost()) (next?.isConnected ? next : document.getElementById('main'))?.focus();
    });
  };
  return (
    <button
      type="button"
      aria-label={label}
      onClick={dismiss}
      className="grid size-9 shrink-0 place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}
