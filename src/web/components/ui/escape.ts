/**
 * Escape closes what the user works in. Radix gives each Escape to the layer opened last, and a
 * toast is a layer: one raised while a dialog is open (the dialog's own 'Comment added') took the
 * Escape pressed in the dialog, and the dialog stayed. A toast now leaves such an Escape alone and
 * hands it on; the dialog that holds focus takes it (dialog.tsx). An Escape pressed in a toast, or
 * with no dialog open, still closes the toast.
 */
const handedOn = new WeakSet<Event>();

/** Marks a dialog's content (dialog.tsx): an Escape handed on from a toast closes the innermost one holding focus. */
const ESCAPE_TAKER = 'data-escape-taker';

/** For a toast's onEscapeKeyDown: an Escape pressed inside an open dialog is that dialog's. */
export function leaveEscapeToDialog(event: KeyboardEvent): void {
  const target = event.target;
  if (!(target instanceof Element) || target.closest('[data-toast-viewport]')) return;
  if (!target.closest(`[${ESCAPE_TAKER}]`)) return;
  // Prevented, Radix does not close the toast; it stays its few seconds.
  event.preventDefault();
  handedOn.add(event);
}

/** Whether a toast handed this Escape on, and `taker` is the innermost dialog around where it was pressed. */
export function escapeHandedTo(event: Event, taker: Element): boolean {
  const target = event.target;
  return handedOn.has(event) && target instanceof Element && target.closest(`[${ESCAPE_TAKER}]`) === taker;
}
