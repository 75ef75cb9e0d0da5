import { Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';

interface DeferredOpenProps {
  /** The button that opens the dialog or menu; shown at once, before the code behind it loads. */
  trigger: ReactElement;
  /** The dialog or menu, given the same trigger; rendered (and opened) from the first click on. */
  render: (trigger: ReactElement) => ReactNode;
  /** Starts loading the code when the pointer or focus reaches the trigger. */
  preload?: () => void;
}

/**
 * A trigger whose dialog or menu loads on first use: the first screen ships the button only
 * (docs/decisions/0040). The rendered component must open itself (`defaultOpen`).
 */
export function DeferredOpen({ trigger, render, preload }: DeferredOpenProps) {
  const [active, setActive] = useState(false);
  if (active) return <Suspense fallback={trigger}>{render(trigger)}</Suspense>;
  return (
    <Slot.Root onClick={() => setActive(true)} onPointerEnter={preload} onFocus={preload}>
      {trigger}
    </Slot.Root>
  );
}
