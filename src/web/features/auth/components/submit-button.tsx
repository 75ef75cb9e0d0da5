import type { ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The form's main button; disabled with a spinner while the request runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending} aria-busy={pending}>
      {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
      {children}
    </Button>
  );
}
