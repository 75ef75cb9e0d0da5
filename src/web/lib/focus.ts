/** Elements a keyboard can reach with Tab (enough for the cards, dialogs and forms of this app). */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first control inside `element` that Tab can reach, if any (a card's first button or link). */
export function firstFocusable(element: Element | null | undefined): HTMLElement | null {
  return element?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

/**
 * Focus has nowhere useful to be: on the page itself, or on an element that has just been hidden
 * or removed (a list replaced by a conversation on a phone). The caller moves it (docs/decisions/0049).
 */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || active.checkVisibility?.() === false;
}

/** The first control Tab reaches after `element` and outside it, in the document's order, if any. */
export function focusableAfter(element: Element): HTMLElement | null {
  for (const candidate of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    const follows = element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (follows && !element.contains(candidate) && candidate.checkVisibility?.() !== false) return candidate;
  }
  return null;
}
