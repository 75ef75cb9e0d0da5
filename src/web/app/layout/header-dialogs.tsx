import { CircleHelp, ShieldCheck } from 'lucide-react';
import { DeferredOpen } from '../../components/ui/deferred-open';
import { lazyNamed } from '../../lib/lazy';
import { HeaderButton } from './header-button';

const HowItWorksDialog = lazyNamed(
  () => import('../../features/guides/components/how-it-works-dialog'),
  'HowItWorksDialog',
);
const SafetyGuidelinesDialog = lazyNamed(
  () => import('../../features/guides/components/safety-guidelines-dialog'),
  'SafetyGuidelinesDialog',
);

/** The header's guide buttons; each dialog loads on first use (docs/decisions/0040). */
export function HowItWorksButton() {
  return (
    <DeferredOpen
      trigger={<HeaderButton icon={CircleHelp} label="How it Works" />}
      preload={HowItWorksDialog.preload}
      render={(trigger) => <HowItWorksDialog trigger={trigger} defaultOpen />}
    />
  );
}

export function SafetyGuidelinesButton() {
  return (
    <DeferredOpen
      trigger={<HeaderButton icon={ShieldCheck} label="Safety Guidelines" />}
      preload={SafetyGuidelinesDialog.preload}
      render={(trigger) => <SafetyGuidelinesDialog trigger={trigger} defaultOpen />}
    />
  );
}
