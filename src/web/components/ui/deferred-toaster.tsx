import { Suspense, useState } from 'react';
import { lazyNamed } from '../../lib/lazy';
import { useToasts } from './use-toast';

const Toaster = lazyNamed(() => import('./toaster'), 'Toaster');

/** The toaster loads with the first toast, so pages that raise none never download it. */
export function DeferredToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
