import { useLayoutEffect, useRef } from 'react';
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
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollToTop />
      {/* Inside the router: a toast's action is a link. */}
      <DeferredToaster />
    </div>
  );
}

/**
 * A new screen starts at the top; back and forward keep the browser's own scroll restoration. A
 * change of the query only (filters, a post opened in a dialog) keeps the place on the page.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
