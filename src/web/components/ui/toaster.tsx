import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TOAST } from '../../../domain/limits';
import { focusIsLost } from '../../lib/focus';
import { leaveEscapeToDialog } from './escape';
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { dismissToast, useToasts } from './use-toast';

/**
 * Renders the toast store: 5 s each, swipe right past 50 px to dismiss (spec §9). Escape closes a
 * toast, except one pressed in an open dialog, which closes that dialog (escape.ts).
 */
export function Toaster() {
  const toasts = useToasts();
  const giveFocusBack = useFocusReturn();
  const overDialog = useDialogReachesFoot(toasts.some((t) => t.open));
  return (
    <ToastProvider duration={TOAST.durationMs} swipeDirection="right" swipeThreshold={TOAST.swipeThresholdPx}>
      {toasts.map(({ id, title, description, variant, action, open }) => (
        <Toast
          key={id}
          open={open}
          variant={variant}
          onEscapeKeyDown={leaveEscapeToDialog}
          onOpenChange={(next) => {
            if (next) return;
            dismissToast(id);
            if (!toasts.some((t) => t.open && t.id !== id)) giveFocusBack();
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{keepCounts(title)}</ToastTitle>
            {description && <ToastDescription>{keepCounts(description)}</ToastDescription>}
            {action && (
              <ToastAction altText={action.label} asChild>
                <Link to={action.to}>{action.label}</Link>
              </ToastAction>
            )}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport data-over-dialog={overDialog ? '' : undefined} />
    </ToastProvider>
  );
}

/** A count joined to its word by a hyphen: '7-day', '24-hour'. */
const COUNTED = /(\d+-\p{L}+)/u;

/**
 * The text with each hyphenated count kept on one line (docs/decisions/0145): 'a 7-' at the end of
 * a line, 'day free trial.' on the next, read as a minus. Its text is unchanged.
 */
export function keepCounts(text: string): ReactNode {
  const parts = text.split(COUNTED);
  if (parts.length === 1) return text;
  return parts.map((part, i) => (i % 2 === 1 ? <span key={i} className="whitespace-nowrap">{part}</span> : part));
}

/** Whether an element is in the toasts' region (Radix's F8 region around the viewport, or the viewport). */
const inToasts = (element: Element) =>
  element.closest('[data-toast-viewport]') !== null ||
  element.closest('[role="region"]')?.querySelector(':scope > [data-toast-viewport]') != null;

/**
 * Where the focus was before it went into the toasts (F8, then Tab), given back once the last one
 * closes: Radix leaves it on the empty list, and the next Tab would start the page again
 * (docs/decisions/0134).
 */
function useFocusReturn(): () => void {
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const { target, relatedTarget } = event;
      if (!(target instanceof Element)) return;
      if (!inToasts(target)) returnTo.current = null; // the person went on elsewhere
      else if (relatedTarget instanceof HTMLElement && !inToasts(relatedTarget)) returnTo.current = relatedTarget;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  return () => {
    const active = document.activeElement;
    if (!(focusIsLost() || (active && inToasts(active)))) return;
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected) target.focus();
  };
}

/** The room a toast takes at the foot of the screen: its height and the viewport's padding. */
const TOAST_ROOM_PX = 128;

/**
 * Whether an open dialog reaches down to where a toast shows (docs/decisions/0049, 0134): a tall
 * one's buttons would be covered, and the toast then sits higher (styles.css); a short one leaves
 * the foot of the screen free, and the toast stays there, clear of the dialog. Looked at while a
 * toast shows, as dialogs open and close and the window changes.
 */
function useDialogReachesFoot(showing: boolean): boolean {
  const [reaches, setReaches] = useState(false);
  useLayoutEffect(() => {
    if (!showing) return;
    const dialogsNow = () => [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
    const measure = () => {
      const lowest = Math.max(0, ...dialogsNow().map((d) => d.getBoundingClientRect().bottom));
      setReaches(lowest > window.innerHeight - TOAST_ROOM_PX);
    };
    // A dialog that grows (a photo's preview, an answer that arrives) is measured again too; each
    // is observed once (observing again would report it again, and measure again, every frame).
    const sizes = new ResizeObserver(measure);
    const watched = new WeakSet<Element>();
    const watchDialogs = () => {
      for (const dialog of dialogsNow()) {
        if (watched.has(dialog)) continue;
        watched.add(dialog);
        sizes.observe(dialog);
      }
      measure();
    };
    watchDialogs();
    const watch = new MutationObserver(watchDialogs);
    watch.observe(document.body, { childList: true });
    window.addEventListener('resize', measure);
    return () => {
      watch.disconnect();
      sizes.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [showing]);
  return reaches;
}
