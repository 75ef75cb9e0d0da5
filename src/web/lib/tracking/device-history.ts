import type { KeyValueStore } from '../first-touch';

/** Spec §9: the last 100 post views and 50 searches are kept on the device (never sent). */
export const HISTORY_LIMITS = { views: 100, searches: 50 } as const;
export const HISTORY_KEYS = {
  views: 'post-views',
  searches: 'search-history',
  categories: 'category-views',
  session: 'tracking-session',
} as const;

/** Spec §3 local tracking records. */
export interface ViewRecord {
  postId: string;
  postType: string;
  postTitle: string;
  timestamp: string;
  sessionId: string;
}
export interface SearchRecord {
  query: string;
  resultCount?: number;
  category: string;
  timestamp: string;
}

function readList<T>(store: KeyValueStore, key: string): T[] {
  try {
    const value = JSON.parse(store.getItem(key) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function write(store: KeyValueStore, key: string, value: unknown) {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the history is a convenience, never needed.
  }
}

/** Adds a record at the front, keeping the newest `limit`. */
function push<T>(store: KeyValueStore, key: string, record: T, limit: number) {
  write(store, key, [record, ...readList<T>(store, key)].slice(0, limit));
}

/** The device's tracking session id: random, made once per browser tab session. */
export function sessionIdOf(store: KeyValueStore, make: () => string = () => crypto.randomUUID()): string {
  try {
    const kept = store.getItem(HISTORY_KEYS.session);
    if (kept) return kept;
    const id = make();
    store.setItem(HISTORY_KEYS.session, id);
    return id;
  } catch {
    return 'none';
  }
}

export function keepView(store: KeyValueStore, record: ViewRecord) {
  push(store, HISTORY_KEYS.views, record, HISTORY_LIMITS.views);
  const counts = (() => {
    try {
      return (JSON.parse(store.getItem(HISTORY_KEYS.categories) ?? '{}') ?? {}) as Record<string, number>;
    } catch {
      return {};
    }
  })();
  counts[record.postType] = (counts[record.postType] ?? 0) + 1;
  write(store, HISTORY_KEYS.categories, counts);
}

export const keepSearch = (store: KeyValueStore, record: SearchRecord) =>
  push(store, HISTORY_KEYS.searches, record, HISTORY_LIMITS.searches);

export const viewHistory = (store: KeyValueStore) => readList<ViewRecord>(store, HISTORY_KEYS.views);
export const searchHistory = (store: KeyValueStore) => readList<SearchRecord>(store, HISTORY_KEYS.searches);
