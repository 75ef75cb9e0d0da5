import { LoaderCircle } from 'lucide-react';

/** A screen whose code or data is on its way. */
export function PageLoading() {
  return (
    <div role="status" className="grid min-h-[50vh] place-items-center text-muted-foreground">
      <LoaderCircle className="size-6 animate-spin" aria-hidden="true" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}
