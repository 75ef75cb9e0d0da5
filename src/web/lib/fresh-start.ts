/**
 * A member has left this tab (signed out, deleted their account, their session ended elsewhere,
 * another member signed in over them): the tab loads a page as a new document, so nothing they were
 * shown (every cached answer, every screen's state) outlives them there, and Back brings back no
 * copy of it (docs/decisions/0113). A toast meant for after the move is kept for the new document
 * in the tab's session storage, read once.
 */

const FLASH_KEY = 'fruit:toast-after-load';

/** A toast for the next document: its words only (a toast's link would not survive the move). */
export interface ToastAfterLoad {
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive';
}

/** What of `window` this needs, so the tests can give their own. */
export interface BrowserTab {
  location: Pick<Location, 'assign' | 'reload'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  addEventListener(type: 'pageshow', listener: (event: PageTransitionEvent) => void): void;
}

const browserTab = (): BrowserTab | null => (typeof window === 'undefined' ? null : window);

/** True once this document has been left by its member: it must not be shown again. */
let left = false;

/** Loads `path` (or this page again, when null) as a new document, with `toast` shown there. */
export function startAfresh(path: string | null, toast?: ToastAfterLoad, tab = browserTab()): void {
  if (!tab) return;
  left = true;
  if (toast) {
    try {
      tab.sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
    } catch {
      // Storage refused (private mode, full): the move matters, the toast does not.
    }
  }
  if (path === null) tab.location.reload();
  else tab.location.assign(path);
}

/** The toast the previous document of this tab left for this one, once; null without one. */
export function takeToastAfterLoad(tab = browserTab()): ToastAfterLoad | null {
  if (!tab) return null;
  try {
    const kept = tab.sessionStorage.getItem(FLASH_KEY);
    if (kept === null) return null;
    tab.sessionStorage.removeItem(FLASH_KEY);
    const toast = JSON.parse(kept) as Partial<ToastAfterLoad>;
    return typeof toast.title === 'string' ? (toast as ToastAfterLoad) : null;
  } catch {
    return null;
  }
}

/**
 * A document left by its member and then restored whole from the browser's back/forward cache
 * (Back right after the move) is loaded again before it is used, as a new one.
 */
export function reloadWhenRestoredAfterLeaving(tab = browserTab()): void {
  tab?.addEventListener('pageshow', (event) => {
    if (event.persisted && left) tab.location.reload();
  });
}
