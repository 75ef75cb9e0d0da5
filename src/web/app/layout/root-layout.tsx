import { Fragment, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { DeferredToaster } from '../../components/ui/deferred-toaster';
import { useLiveUpdates } from '../../features/notifications';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SuspensionNotice } from './suspension-notice';

export function RootLayout() {
  // Inside the router and beside the toaster: what the live socket brings shows on every screen.
  useLiveUpdates();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-card px-4 py-2 font-semibold shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <SuspensionNotice />
      {/* At least the window's height below the header: the footer starts below the fold, so a
          screen whose content arrives later does not push a visible footer down (CLS, 0088). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        <ScreenOutlet />
      </main>
      <SiteFooter />
      <ScreenStart />
      {/* Inside the router: a toast's action is a link. */}
      <DeferredToaster />
    </div>
  );
}

/**
 * The screen of the address. Keyed by its path, each starts afresh, with a boundary of its own:
 * shared, going from one screen loaded on demand to another hid the old one behind the new one's
 * fallback, its heading still in the page for ScreenStart to find (0149). Apart, so that a change
 * of the address draws this again, not the header and the footer.
 */
function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <Fragment key={pathname}>
      <Outlet />
    </Fragment>
  );
}

/**
 * A new screen starts at the top; back and forward keep the browser's own scroll restoration. A
 * change of the query only (filters, a post opened in a dialog) keeps the place on the page.
 * The focus starts on the new screen too (docs/decisions/0134): left on the header's link, or
 * dropped to the page by a form's disabled button, it would keep a keyboard or screen-reader user
 * on the old screen; moved to the new one's heading, the heading is read out.
 */
function ScreenStart() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    focusNewScreen();
  }, [pathname, navigationType]);
  return null;
}

/** How long a screen whose code or data is still coming may take to show its heading. */
const HEADING_WAIT_MS = 3000;

/**
 * Focuses the screen's h1, unless the screen has put the focus in itself. A screen still loading
 * has none yet: the main region holds the focus until its heading comes, which then takes it if
 * nothing else has meanwhile.
 */
function focusNewScreen() {
  const main = document.getElementById('main');
  const active = document.activeElement;
  if (!main || (active && active !== main && main.contains(active))) return;
  // A heading on screen: one hidden with a screen on its way out takes no focus (0149).
  const focusHeading = () => {
    const heading = [...main.querySelectorAll('h1')].find((h) => h.getClientRects().length > 0);
    if (!heading) return false;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return document.activeElement === heading;
  };
  if (focusHeading()) return;
  main.focus({ preventScroll: true });
  const watch = new MutationObserver(() => {
    if (document.activeElement !== main) watch.disconnect();
    else if (focusHeading()) watch.disconnect();
  });
  watch.observe(main, { childList: true, subtree: true });
  setTimeout(() => watch.disconnect(), HEADING_WAIT_MS);
}
