import type { ReactElement } from 'react';
import { DeferredOpen } from '../../../components/ui/deferred-open';
import { lazyNamed } from '../../../lib/lazy';

const ComingSoonDialog = lazyNamed(() => import('./coming-soon-dialog'), 'ComingSoonDialog');

const SOON = {
  comments: {
    feature: 'Comments',
    description: 'Soon you can ask questions and thank the poster right here.',
  },
  report: {
    feature: 'Reporting',
    description: 'Soon you can report a post that looks wrong, and an admin will review it.',
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
