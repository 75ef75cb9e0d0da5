import { useRef, type ComponentProps, type KeyboardEvent } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { hideOthers } from 'aria-hidden';
import { firstFocusable } from '../../lib/focus';
import { useHydrated } from '../../lib/hydrated';
import { cn } from '../../lib/utils';
import { escapeHandedTo } from './escape';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Where focus goes when what opened a dialog has left the page (a deleted post's card): the first
 * control of the card after it, else of the one before it, else the page's main region.
 */
function focusInstead(neighbours: ReadonlyArray<Element | null | undefined>): void {
  for (const item of neighbours) {
    const control = item?.isConnected ? firstFocusable(item) : null;
    if (control) return control.focus();
  }
  document.getElementById('main')?.focus();
}

/** What opened a dialog: the focused element, or for an item of a menu (gone once the menu closes), the menu's button. */
function openerOf(active: Element | null): Element | null {
  const labelledBy = active?.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return (labelledBy && document.getElementById(labelledBy)) || active;
}

/**
 * Radix returns focus to a Dialog.Trigger when the dialog closes; a dialog opened from code (the
 * create form, a shared post) has none, and focus fell to the page's start. It goes back to what
 * had it when the dialog opened, while that is still on the page; when that is gone with its card,
 * to the card next to it (focusInstead); opened with nothing focused, to the main region.
 */
function useReturnFocus(
  { onOpenAutoFocus, onCloseAutoFocus }: ComponentProps<typeof DialogPrimitive.Content>,
  openerGoing?: () => boolean,
) {
  const opener = useRef<{ element: Element | null; neighbours: Array<Element | null | undefined>; triggered: boolean }>({
    element: null,
    neighbours: [],
    triggered: false,
  });
  return {
    onOpenAutoFocus: (event: Event) => {
      const element = openerOf(document.activeElement);
      const card = element?.closest('article, [role="article"]');
      // A Dialog.Trigger names the content it controls; Radix gives the focus back to it (Safari
      // does not focus a button on click, so `element` may be the page even then).
      const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
      const triggered = Boolean(content?.id && document.querySelector(`[aria-controls="${CSS.escape(content.id)}"]`));
      opener.current = { element, neighbours: [card?.nextElementSibling, card?.previousElementSibling], triggered };
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const { element: target, neighbours, triggered } = opener.current;
      opener.current = { element: null, neighbours: [], triggered: false };
      if (event.defaultPrevented) return;
      if (!(target instanceof HTMLElement) || target === document.body) {
        if (triggered) return;
        // Opened from the address (a shared post's link), with no trigger and the focus on no
        // control: the page's main region takes it, not the page's start (docs/decisions/0132).
        event.preventDefault();
        return document.getElementById('main')?.focus();
      }
      // Still on the page but on its way out (the deleted post's card, before the list's deferred render removes it).
      if (!target.isConnected || openerGoing?.()) {
        event.preventDefault();
        return focusInstead(neighbours);
      }
      target.focus();
      // Hidden or disabled, it did not take focus: Radix's own choice stands.
      if (document.activeElement === target) event.preventDefault();
    },
  };
}

/**
 * For `onOpenAutoFocus`: the dialog itself takes focus, not its first control, where that would be
 * a poor start (a tooltip that opens on focus, a comment author's name); Tab goes on from there.
 */
export function focusDialogItself(event: Event): void {
  event.preventDefault();
  if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
}

/**
 * Keeps the page behind a modal dialog hidden from screen readers as it changes. Radix hides it
 * once, as the dialog opens (aria-hidden's hideOthers); what the page adds afterwards, inside the
 * parts it left shown (around its live regions), was reachable: a shared post's dialog opens
 * while the list behind it is still loading (docs/decisions/0146). The page (#root) is hidden
 * again, at most once a frame, whenever it changes; what is beside it (the dialog, menus and
 * tooltips opened from it, in portals) and the toasts stay as they are.
 */
function hideLaterContent(content: HTMLDivElement | null) {
  const page = document.getElementById('root');
  if (!content || !page) return;
  let undo: (() => void) | null = null;
  let frame = 0;
  const hideAgain = () => {
    frame = 0;
    const beside = [...document.body.children].filter((child) => child !== page);
    const previous = undo;
    undo = hideOthers([content, ...beside, ...document.querySelectorAll('[data-toast-viewport]')]);
    previous?.();
  };
  const watch = new MutationObserver(() => {
    if (!frame) frame = requestAnimationFrame(hideAgain);
  });
  watch.observe(page, { childList: true, subtree: true });
  return () => {
    watch.disconnect();
    cancelAnimationFrame(frame);
    undo?.();
  };
}

export function DialogContent({
  className,
  children,
  openerGoing,
  ...props
}: Omit<ComponentProps<typeof DialogPrimitive.Content>, 'ref'> & {
  /** Whether what opened the dialog is leaving the page as it closes: focus then goes to its neighbour. */
  openerGoing?: () => boolean;
}) {
  const focusHandlers = useReturnFocus(props, openerGoing);
  const closeButton = useRef<HTMLButtonElement>(null);
  // An Escape a toast above handed on (escape.ts): closed as Radix closes on Escape, so the
  // dialog's onEscapeKeyDown and onOpenChange (a guard that asks first) decide as they would.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    props.onKeyDown?.(event);
    if (event.key !== 'Escape' || !escapeHandedTo(event.nativeEvent, event.currentTarget)) return;
    const escape = new globalThis.KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
    props.onEscapeKeyDown?.(escape);
    if (!escape.defaultPrevented) closeButton.current?.click();
  };
  // Given its container, Radix's portal renders with the dialog instead of in a second, synchronous
  // render after its layout effect: a dialog opened in a transition (a shared post's, as the page
  // starts) then mounts in slices. Until the page is hydrated the portal waits as Radix does.
  const container = useHydrated() ? document.body : undefined;
  return (
    <DialogPrimitive.Portal container={container}>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/50 backdrop-blur-[2px] motion-safe:data-[state=open]:animate-overlay-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border bg-card p-5 shadow-xl wrap-anywhere sm:p-6 motion-safe:data-[state=open]:animate-dialog-in',
          className,
        )}
        {...props}
        {...focusHandlers}
        data-escape-taker=""
        onKeyDown={onKeyDown}
        ref={hideLaterContent}
      >
        {children}
        <DialogPrimitive.Close
          ref={closeButton}
          className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-xl font-bold tracking-tight', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
