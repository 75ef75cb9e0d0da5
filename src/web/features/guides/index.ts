import { lazyNamed } from '../../lib/lazy';

/** The guides' public entry: each dialog loads on first use (docs/decisions/0040). */
export const HowItWorksDialog = lazyNamed(
  () => import('./components/how-it-works-dialog'),
  'HowItWorksDialog',
);
export const SafetyGuidelinesDialog = lazyNamed(
  () => import('./components/safety-guidelines-dialog'),
  'SafetyGuidelinesDialog',
);
