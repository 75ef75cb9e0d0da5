import { describe, expect, it } from 'vitest';
import { VIEW_BATCH_MAX } from '../../../domain/stats-values';
import type { KeyValueStore } from '../first-touch';
import {
  HISTORY_KEYS,
  HISTORY_LIMITS,
  keepSearch,
  keepView,
  searchHistory,
  sessionIdOf,
  viewHistory,
} from './device-history';
import { createSearchReporter, SEARCH_PAUSE_MS, type SearchReport } from './search-reporter';
import { createViewBatcher, VIEW_FLUSH_MS, type Timers } from './view-batcher';

/** Timers run by hand: `advance(ms)` fires what is due. */
function fakeTimers(): Timers & { advance(ms: number): void; count(): number } {
  let now = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  let next = 0;
  return {
    set: (run, ms) => {
      due.set(++next, { at: now + ms, run });
      return next;
    },
    clear: (handle) => void due.delete(handle as number),
    advance(ms) {
      now += ms;
      for (const [id, t] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at <= now) {
          due.delete(id);
          t.run();
        }
      }
    },
    count: () => due.size,
  };
}

function memoryStore(): KeyValueStore {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
  };
}

describe('the view batcher', () => {
  it('sends the views seen within the wait as one batch, each post once per page', () => {
    const timers = fakeTimers();
    const sent: Array<[string[], boolean]> = [];
    const views = createViewBatcher({ send: (ids, leaving) => sent.push([ids, leaving]), timers });
    expect(views.add('a')).toBe(true);
    timers.advance(VIEW_FLUSH_MS - 1);
    views.add('b');
    expect(views.add('a')).toBe(false);
    expect(sent).toEqual([]);
    timers.advance(1);
    expect(sent).toEqual([[['a', 'b'], false]]);
    views.add('b');
    timers.advance(VIEW_FLUSH_MS);
    expect(sent).toHaveLength(1);
  });

  it('sends what waits at once when the page is left, in chunks the API accepts', () => {
    const timers = fakeTimers();
    const sent: Array<[string[], boolean]> = [];
    const views = createViewBatcher({ send: (ids, leaving) => sent.push([ids, leaving]), timers });
    for (let i = 0; i < VIEW_BATCH_MAX + 3; i++) views.add(`p${i}`);
    views.flush(true);
    expect(sent.map(([ids, leaving]) => [ids.length, leaving])).toEqual([
      [VIEW_BATCH_MAX, true],
      [3, true],
    ]);
    expect(timers.count()).toBe(0);
    views.flush(true);
    expect(sent).toHaveLength(2);
  });
});

describe('the search reporter', () => {
  const report = () => {
    const timers = fakeTimers();
    const reports: SearchReport[] = [];
    return { timers, reports, searches: createSearchReporter((s) => reports.push(s), timers) };
  };

  it('reports a search only after a 500 ms pause, the last words typed', () => {
    const { timers, reports, searches } = report();
    searches.typed({ query: 'app', category: 'fruit' });
    timers.advance(SEARCH_PAUSE_MS - 1);
    searches.typed({ query: 'Apples ', category: 'fruit' });
    timers.advance(SEARCH_PAUSE_MS - 1);
    expect(reports).toEqual([]);
    timers.advance(1);
    expect(reports).toEqual([{ query: 'apples', category: 'fruit' }]);
  });

  it('never reports two characters or fewer, and not the same search twice in a row', () => {
    const { timers, reports, searches } = report();
    searches.typed({ query: ' ab ', category: 'fruit' });
    timers.advance(SEARCH_PAUSE_MS);
    expect(reports).toEqual([]);
    searches.typed({ query: 'oak', category: 'firewood', region: 'toronto' });
    timers.advance(SEARCH_PAUSE_MS);
    searches.typed({ query: 'OAK', category: 'firewood', region: 'toronto' });
    timers.advance(SEARCH_PAUSE_MS);
    expect(reports).toEqual([{ query: 'oak', category: 'firewood', region: 'toronto' }]);
    // Typing something short cancels what was waiting.
    searches.typed({ query: 'maple', category: 'firewood' });
    searches.typed({ query: 'm', category: 'firewood' });
    timers.advance(SEARCH_PAUSE_MS);
    expect(reports).toHaveLength(1);
  });
});

describe('the history kept on the device (spec §9)', () => {
  it('keeps the newest 100 views and 50 searches, newest first, and counts views per category', () => {
    const store = memoryStore();
    for (let i = 0; i < 105; i++)
      keepView(store, {
        postId: `p${i}`,
        postType: i % 2 ? 'fruit' : 'skids',
        postTitle: 'T',
        timestamp: 't',
        sessionId: 's',
      });
    for (let i = 0; i < 55; i++) keepSearch(store, { query: `q${i}`, category: 'fruit', timestamp: 't' });
    expect(viewHistory(store)).toHaveLength(HISTORY_LIMITS.views);
    expect(viewHistory(store)[0]?.postId).toBe('p104');
    expect(searchHistory(store)).toHaveLength(HISTORY_LIMITS.searches);
    expect(searchHistory(store)[0]?.query).toBe('q54');
    expect(JSON.parse(store.getItem(HISTORY_KEYS.categories)!)).toEqual({ fruit: 52, skids: 53 });
  });

  it('keeps one session id, and survives damaged or refused storage', () => {
    const store = memoryStore();
    expect(sessionIdOf(store, () => 'one')).toBe('one');
    expect(sessionIdOf(store, () => 'two')).toBe('one');
    store.setItem(HISTORY_KEYS.views, '{not json');
    expect(viewHistory(store)).toEqual([]);
    const refusing: KeyValueStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(() => keepSearch(refusing, { query: 'x', category: 'fruit', timestamp: 't' })).not.toThrow();
  });
});
