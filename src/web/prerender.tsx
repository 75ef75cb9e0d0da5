import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';

function App({ path }: { path: string }) {
  return (
    <StrictMode>
      <AppProvider>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>
  );
}

/**
 * The app's HTML at `path`, as the browser's first render draws it before any data arrives: words,
 * headings and the reserved places of what loads later (docs/decisions/0088). Run after the build by
 * scripts/prerender.mjs, never in the browser.
 */
export async function renderPage(path: string): Promise<string> {
  // `prerender` waits for the screens that load on demand (React.lazy keeps them once loaded). Its
  // own output would move large finished parts behind inline scripts, which the page's
  // Content-Security-Policy refuses; renderToString then writes everything in place.
  await prerender(<App path={path} />);
  return renderToString(<App path={path} />);
}

export { PRERENDERED } from '../domain/pages';
