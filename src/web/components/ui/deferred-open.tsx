import { createContext, Suspense, useCallback, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';

interface DeferredOpenProps {
  /** The button that opens the dialog or menu; shown at once, before the code behind it loads. */
  trigger: ReactElement;
  /** The dialog or menu, given the same trigger; rendered (and opened) from the first click on. */
  render: (trigger: ReactElement) => ReactNode;
  /** Starts loading the code when the pointer or focus reaches the trigger. */
  preload?: () => void;
  /** Rendered, so opened, without a click, just after it first shows: a link asks for it (a comment notification's). */
  initiallyOpen?: boolean;
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
 *
 * The button is put in again on first use (then the loaded component's trigger): when the first
 * one had focus, the new one takes it, so the dialog knows what opened it and gives focus back
 * there (inside another dialog too, whose own focus trap would otherwise take it first).
 */
export function DeferredOpen({ trigger, render, preload, initiallyOpen = false }: DeferredOpenProps) {
  const [active, setActive] = useState(false);
  const byKeyboard = useRef(false);
  const takeByKeyboard = useCallback(() => {
    const was = byKeyboard.current;
    byKeyboard.current = false;
    return was;
  }, []);
  const hadFocus = useRef(false);
  // Opened on the frame after the first commit, not in it: a dialog this sits in is then open
  // before the one opened over it, which Radix needs to stack it on top (its layers stack in the
  // order they mount). The trigger takes focus first, as a click gives it, to have it back on closing.
  useEffect(() => {
    if (!initiallyOpen) return;
    const frame = requestAnimationFrame(() => {
      hadFocus.current = true;
      setActive(true);
    });
    return () => cancelAnimationFrame(frame);
  }, [initiallyOpen]);
  const keepFocus = useCallback((node: HTMLElement | null) => {
    if (node && hadFocus.current && !node.contains(document.activeElement)) node.focus();
  }, []);
  // The loaded component's trigger is the last one put in: later ones (none expected) leave focus be.
  const keepFocusOnce = useCallback(
    (node: HTMLElement | null) => {
      keepFocus(node);
      if (node) hadFocus.current = false;
    },
    [keepFocus],
  );
  if (active) {
    return (
      <OpenedByKeyboard.Provider value={takeByKeyboard}>
        <Suspense fallback={<Slot.Root ref={keepFocus}>{trigger}</Slot.Root>}>
          {render(<Slot.Root ref={keepFocusOnce}>{trigger}</Slot.Root>)}
        </Suspense>
      </OpenedByKeyboard.Provider>
    );
  }
  return (
    <Slot.Root
      onClick={(event: { detail: number; currentTarget: EventTarget }) => {
        // A click that a key made has no pointer presses behind it.
        byKeyboard.current = event.detail === 0;
        hadFocus.current = event.currentTarget === document.activeElement;
        setActive(true);
      }}
      onPointerEnter={preload}
      onFocus={preload}
    >
      {trigger}
    </Slot.Root>
  );
}
