import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserTab } from './fresh-start';

type Listener = (event: PageTransitionEvent) => void;

/** A tab whose moves are recorded, with a working session storage and pageshow listeners. */
function fakeTab(storage = new Map<string, string>()) {
  const moves: string[] = [];
  const listeners: Listener[] = [];
  const tab: BrowserTab = {
    location: { assign: (path) => void moves.push(`assign ${String(path)}`), reload: () => void moves.push('reload') },
    sessionStorage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    addEventListener: (_type, listener) => void listeners.push(listener),
  };
  const show = (persisted: boolean) => listeners.forEach((l) => l({ persisted } as PageTransitionEvent));
  return { tab, moves, storage, show };
}

// The module remembers whether its document was left: each test starts from a new one.
const freshModule = () => import('./fresh-start');
beforeEach(() => vi.resetModules());

describe('a tab its member has left (docs/decisions/0113)', () => {
  it('loads the given page, or this one again, as a new document', async () => {
    const { startAfresh } = await freshModule();
    const { tab, moves } = fakeTab();
    startAfresh('/login', undefined, tab);
    startAfresh(null, undefined, tab);
    expect(moves).toEqual(['assign /login', 'reload']);
  });

  it('hands its toast to the next document of the tab, once', async () => {
    const { startAfresh, takeToastAfterLoad } = await freshModule();
    const { tab, storage } = fakeTab();
    startAfresh('/', { title: 'Account deleted', description: 'Gone.' }, tab);
    // The next document reads the same session storage.
    const next = fakeTab(storage).tab;
    expect(takeToastAfterLoad(next)).toEqual({ title: 'Account deleted', description: 'Gone.' });
    expect(takeToastAfterLoad(next)).toBeNull();
  });

  it('ignores a kept toast it cannot read, and still moves when the storage refuses one', async () => {
    const { startAfresh, takeToastAfterLoad } = await freshModule();
    const { tab, storage, moves } = fakeTab();
    storage.set('fruit:toast-after-load', '{not json');
    expect(takeToastAfterLoad(tab)).toBeNull();
    storage.set('fruit:toast-after-load', '{"description":"no title"}');
    expect(takeToastAfterLoad(tab)).toBeNull();
    tab.sessionStorage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    startAfresh('/login', { title: 'Signed out' }, tab);
    expect(moves).toEqual(['assign /login']);
  });

  it('is loaded again when Back restores it whole after its member left, and only then', async () => {
    const { reloadWhenRestoredAfterLeaving, startAfresh } = await freshModule();
    const { tab, moves, show } = fakeTab();
    reloadWhenRestoredAfterLeaving(tab);
    show(true);
    show(false);
    expect(moves).toEqual([]);
    startAfresh('/login', undefined, tab);
    show(false);
    expect(moves).toEqual(['assign /login']);
    show(true);
    expect(moves).toEqual(['assign /login', 'reload']);
  });
});
