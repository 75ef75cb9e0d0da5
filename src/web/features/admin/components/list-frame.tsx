import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { FOCUS_AFTER_LEAVE, useFocusAfterLeave } from '../../../lib/focus-after-leave';

/** A filter over an admin list: a labelled native select (docs/decisions/0042). */
export function FilterSelect<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: ReadonlyArray<readonly [T, string]>; onChange: (value: T) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5 sm:w-56">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}

interface ListStateProps {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: boolean;
  /** 'reports', 'verification requests', 'audit log lines'. */
  what: string;
  emptyText: string;
  /** The items' ids in order, where a decision takes items out of the list. */
  ids?: readonly string[];
  children: ReactNode;
}

/** A list card's heading, which shows the focus it takes. */
export const CARD_HEADING = 'rounded-sm text-lg leading-snug font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** An admin list while it loads, when it fails, when it is empty, and once it has items. */
export function ListState({ ids, ...props }: ListStateProps) {
  const frame = useFocusAfterLeave<HTMLDivElement>(ids);
  return (
    <div ref={frame} className="contents">
      <ListBody {...props} />
    </div>
  );
}

function ListBody({ query, empty, what, emptyText, children }: Omit<ListStateProps, 'ids'>) {
  if (query.isPending) return <SkeletonRows label={`Loading ${what}`} count={3} rowClassName="h-32 rounded-2xl" />;
  if (query.isError) {
    return (
      <div className="grid justify-items-start gap-3 rounded-2xl border bg-card p-5 text-sm">
        <p>Could not load the {what}. Check your connection and try again.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (empty) {
    return (
      <p {...FOCUS_AFTER_LEAVE} className="rounded-2xl border border-dashed bg-card p-6 text-center text-sm text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring">
        {emptyText}
      </p>
    );
  }
  return children;
}
