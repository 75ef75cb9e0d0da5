import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { toast } from './components/ui/use-toast';
import { captureFirstTouch, deviceStore } from './lib/first-touch';
import { reloadWhenRestoredAfterLeaving, takeToastAfterLoad } from './lib/fresh-start';
import { reportCampaignVisit } from './lib/tracking/campaign-visit';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// `?ref=` and utm_* of the page the visitor landed on, kept until they register (docs/decisions/0082).
const store = deviceStore();
if (store) captureFirstTouch(window.location.search, store);
reportCampaignVisit(window.location.search);

// A member left the previous document of this tab (docs/decisions/0113): its toast shows here, and
// this one is loaded again should Back restore it whole after its own member leaves.
const toastAfterLoad = takeToastAfterLoad();
if (toastAfterLoad) toast(toastAfterLoad);
reloadWhenRestoredAfterLeaving();

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

// The server sends prerendered HTML only for the path it was rendered at (docs/decisions/0088):
// then React takes it over; any other page starts from the empty shell. The page is already
// painted, so taking it over is a transition: React does it in slices between which the browser
// answers input, not in one long task (a click on the page finishes it at once).
if (root.hasAttribute('data-prerendered')) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
