import type { ReactElement } from 'react';
import { DeferredOpen } from '../../../components/ui/deferred-open';
import { lazyNamed } from '../../../lib/lazy';

const ComingSoonDialog = lazyNamed(() => import('./coming-soon-dialog'), 'ComingSoonDialog');

/** Card features still to come, each with what its 'coming soon' dialog says. */
const SOON = {
  message: {
    feature: 'Messages',
    description: 'Soon you can message the poster here and read replies in your inbox.',
  },
} as const;

/** A card button for a feature that comes in a later release: it opens a small 'coming soon' dialog. */
export function SoonButton({ trigger, kind }: { trigger: ReactElement; kind: keyof typeof SOON }) {
  return (
    <DeferredOpen
      trigger={trigger}
      preload={ComingSoonDialog.preload}
      render={(t) => <ComingSoonDialog trigger={t} {...SOON[kind]} />}
    />
  );
}
