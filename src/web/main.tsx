import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { captureFirstTouch, deviceStore } from './lib/first-touch';
import { reportCampaignVisit } from './lib/tracking/campaign-visit';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// `?ref=` and utm_* of the page the visitor landed on, kept until they register (docs/decisions/0082).
const store = deviceStore();
if (store) captureFirstTouch(window.location.search, store);
reportCampaignVisit(window.location.search);

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
