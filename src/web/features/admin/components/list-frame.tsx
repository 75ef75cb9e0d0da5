import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { SkeletonRows } from '../../../components/ui/skeleton';

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
  children: ReactNode;
}

/** An admin list while it loads, when it fails, when it is empty, and once it has items. */
export function ListState({ query, empty, what, emptyText, children }: ListStateProps) {
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
  if (empty) return <p className="rounded-2xl border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">{emptyText}</p>;
  return children;
}
