import { topic, type EventBus } from '../../events/bus';

/** Published after every committed post write (create, edit, status, delete), on any instance. */
export const POSTS_CHANGED = topic<{ id: string }>('posts_changed');

interface Clearable {
  clear(): void;
}

/**
 * The caches of posts data on this instance (list pages, totals, map views; docs/decisions/0050),
 * all cleared on POSTS_CHANGED from any instance and after the bus reconnects.
 */
export function createPostsCaches(events: EventBus, log?: { warn(obj: object, msg: string): void }) {
  const caches: Clearable[] = [];
  const clearAll = () => {
    for (const cache of caches) cache.clear();
  };
  events.subscribe(POSTS_CHANGED, clearAll);
  events.onResync(clearAll);

  return {
    /** Registers a cache of posts data; returns it. */
    track<T extends Clearable>(cache: T): T {
      caches.push(cache);
      return cache;
    },

    /**
     * After a committed write: this instance's caches are cleared before this returns, the
     * others' when the NOTIFY arrives. A failed NOTIFY leaves them to their TTL (logged).
     */
    async changed(id: string): Promise<void> {
      try {
        await events.publish(POSTS_CHANGED, { id });
      } catch (err) {
        clearAll();
        log?.warn({ err }, 'posts_changed could not be published; other instances catch up within their cache TTL');
      }
    },
  };
}

export type PostsCaches = ReturnType<typeof createPostsCaches>;
