import { CircleHelp, ShieldCheck } from 'lucide-react';
import { DeferredOpen } from '../../components/ui/deferred-open';
import { HowItWorksDialog, SafetyGuidelinesDialog } from '../../features/guides';
import { HeaderButton } from './header-button';

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
