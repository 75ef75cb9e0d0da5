import { VIEW_BATCH_MAX } from '../../../domain/stats-values';

/** How long views wait to be sent together (a page of cards seen while scrolling is one request). */
export const VIEW_FLUSH_MS = 5_000;

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface ViewBatcherOptions {
  /** Sends one batch (at most VIEW_BATCH_MAX ids); `leaving` when the page is going away. */
  send(postIds: string[], leaving: boolean): void;
  flushMs?: number;
  timers?: Timers;
}

/**
 * Views sent by the browser in batches (issue 20, §9): each post at most once per page life (the
 * server counts once per person a day anyway), sent VIEW_FLUSH_MS after the first one waiting, in
 * chunks the API accepts, and at once when the page is left.
 */
export function createViewBatcher({
  send,
  flushMs = VIEW_FLUSH_MS,
  timers = browserTimers,
}: ViewBatcherOptions) {
  const sent = new Set<string>();
  let waiting: string[] = [];
  let timer: unknown = null;

  function flush(leaving = false) {
    if (timer !== null) timers.clear(timer);
    timer = null;
    const batch = waiting;
    waiting = [];
    for (let i = 0; i < batch.length; i += VIEW_BATCH_MAX) send(batch.slice(i, i + VIEW_BATCH_MAX), leaving);
  }

  return {
    /** A post seen (a card for 2 s) or opened: counted once, sent with the next batch. */
    add(postId: string): boolean {
      if (sent.has(postId)) return false;
      sent.add(postId);
      waiting.push(postId);
      if (timer === null) timer = timers.set(() => flush(false), flushMs);
      return true;
    },
    flush,
    /** How many wait to be sent. */
    pending: () => waiting.length,
  };
}

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
