/**
 * A member has left this tab (signed out, deleted their account, their session ended elsewhere,
 * another member signed in over them): the tab loads a page as a new document, so nothing they were
 * shown (every cached answer, every screen's state) outlives them there, and Back brings back no
 * copy of it (docs/decisions/0113). A toast meant for after the move is kept for the new document
 * in the tab's session storage, read once.
 */

const FLASH_KEY = 'fruit:toast-after-load';
/** How many times a member has left a document of this tab (session storage is the tab's own). */
const DEPARTURES_KEY = 'fruit:departures';

/** A toast for the next document: its words only (a toast's link would not survive the move). */
export interface ToastAfterLoad {
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive';
}

/** What of `window` this needs, so the tests can give their own. */
export interface BrowserTab {
  location: Pick<Location, 'assign' | 'replace' | 'reload' | 'href'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  addEventListener(type: 'pageshow', listener: (event: PageTransitionEvent) => void): void;
}

const browserTab = (): BrowserTab | null => (typeof window === 'undefined' ? null : window);

/** This document has been left: the first move wins, later ones are ignored. */
let left = false;
/** A move the member asked for is under way (a sign-out, a deletion, a sign-in over them). */
let moveUnderWay = false;

/**
 * A sign-out, a deletion or a sign-in over the member shown has been sent (true) or has failed
 * (false). Meanwhile the server ending the old session (the live socket closed, the session asked
 * again) does not reload the page: the move the member asked for goes where it should.
 */
export function expectMove(underWay: boolean): void {
  moveUnderWay = underWay;
}

export interface Move {
  toast?: ToastAfterLoad;
  /** Replace this page in the history (a sign-in's redirect), rather than add the new one. */
  replace?: boolean;
}

function readDepartures(tab: BrowserTab): string | null {
  try {
    return tab.sessionStorage.getItem(DEPARTURES_KEY);
  } catch {
    return null;
  }
}

/**
 * Loads `path` (a path on this site; elsewhere counts as the home page), or this page again when
 * null, as a new document, with `toast` shown there. A reload is not done while a move is under
 * way (`expectMove`).
 */
export function startAfresh(path: string | null, { toast, replace = false }: Move = {}, tab = browserTab()): void {
  if (!tab || left || (path === null && moveUnderWay)) return;
  left = true;
  try {
    if (toast) tab.sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
    tab.sessionStorage.setItem(DEPARTURES_KEY, String(Number(readDepartures(tab) ?? 0) + 1));
  } catch {
    // Storage refused (private mode, full): the move matters, the toast does not.
  }
  if (path === null) return tab.location.reload();
  const here = new URL(tab.location.href);
  const target = new URL(path, here);
  const onSite = target.origin === here.origin ? target.href : here.origin;
  if (replace) tab.location.replace(onSite);
  else tab.location.assign(onSite);
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
 * A document restored whole by the browser's back/forward cache is loaded again before it is used
 * when a member has left a document of this tab since it was last shown: this one (Back right
 * after Sign Out) or a later one (the member went on to a payment page, came back, then signed out).
 */
export function reloadWhenRestoredAfterLeaving(tab = browserTab()): void {
  if (!tab) return;
  let seen = readDepartures(tab);
  tab.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    if (left || readDepartures(tab) !== seen) return tab.location.reload();
    seen = readDepartures(tab);
  });
}
