import { createContext, Suspense, useCallback, useRef, useState, type ReactElement, type ReactNode } from 'react';
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
 * Whether the first opening came from the keyboard (Enter or Space on the trigger), until a menu
 * has used it: the menu mounts after that key press, so it cannot tell by itself and would focus
 * its list instead of its first item (WAI-ARIA APG, Menu Button). True once: asking clears it.
 */
export const OpenedByKeyboard = createContext<() => boolean>(() => false);

/**
 * A trigger whose dialog or menu loads on first use: the first screen ships the button only
 * (docs/decisions/0040). The rendered component must open itself (`defaultOpen`).
 */
export function DeferredOpen({ trigger, render, preload }: DeferredOpenProps) {
  const [active, setActive] = useState(false);
  const byKeyboard = useRef(false);
  const takeByKeyboard = useCallback(() => {
    const was = byKeyboard.current;
    byKeyboard.current = false;
    return was;
  }, []);
  if (active)
    return (
      <OpenedByKeyboard.Provider value={takeByKeyboard}>
        <Suspense fallback={trigger}>{render(trigger)}</Suspense>
      </OpenedByKeyboard.Provider>
    );
  return (
    <Slot.Root
      onClick={(event: { detail: number }) => {
        // A click that a key made has no pointer presses behind it.
        byKeyboard.current = event.detail === 0;
        setActive(true);
      }}
      onPointerEnter={preload}
      onFocus={preload}
    >
      {trigger}
    </Slot.Root>
  );
}
