import type { PostTypeValue, RegionFilter } from '../../../domain/post-values';
import { deviceStore, type KeyValueStore } from '../first-touch';
import { keepSearch, keepView, sessionIdOf } from './device-history';
import { createSearchReporter } from './search-reporter';
import { createViewBatcher } from './view-batcher';

const json = { 'Content-Type': 'application/json' };

/** The browser's views and searches (issue 20; docs/decisions/0086, 0087): counted by the server, remembered on the device. */
const views = createViewBatcher({
  send: (postIds, leaving) =>
    void fetch('/api/views', {
      method: 'POST',
      credentials: 'include',
      keepalive: leaving,
      headers: json,
      body: JSON.stringify({ postIds }),
    }).catch(() => undefined),
});

const searches = createSearchReporter(
  (search) => {
    const store = deviceStore();
    if (store)
      keepSearch(store, {
        query: search.query,
        category: search.category,
        timestamp: new Date().toISOString(),
      });
    // Without the viewer's identity: no cookie goes with it (DECISIONS 27).
    void fetch('/api/searches', {
      method: 'POST',
      credentials: 'omit',
      headers: json,
      body: JSON.stringify(search),
    }).catch(() => undefined);
  },
  {
    set: (run, ms) => setTimeout(run, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
);

let listening = false;
function listen() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  // Leaving the page (or hiding it on a phone, which may never come back): what waits goes now.
  window.addEventListener('pagehide', () => views.flush(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') views.flush(true);
  });
}

function tabStore(): KeyValueStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A post seen for 2 s or opened: one view for the server's batch, and a record on the device. */
export function trackView(post: { id: string; type: PostTypeValue; title: string }): void {
  listen();
  if (!views.add(post.id)) return;
  const store = deviceStore();
  const tab = tabStore();
  if (store)
    keepView(store, {
      postId: post.id,
      postType: post.type,
      postTitle: post.title,
      timestamp: new Date().toISOString(),
      sessionId: tab ? sessionIdOf(tab) : 'none',
    });
}

/** The search as it stands: reported after a 500 ms pause when longer than two characters. */
export function trackSearch(query: string, category: PostTypeValue, region: RegionFilter): void {
  searches.typed({ query, category, ...(region !== 'all' ? { region } : {}) });
}
