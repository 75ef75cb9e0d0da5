import { X } from 'lucide-react';

/** The ✕ of a dismissible banner, named for what it closes. */
export function DismissButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="grid size-9 shrink-0 place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}
