import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserTab } from './fresh-start';

type Listener = (event: PageTransitionEvent) => void;

/** A tab at `href` whose moves are recorded, with a working session storage and pageshow listeners. */
function fakeTab(storage = new Map<string, string>(), href = 'https://fruit.example/?type=firewood') {
  const moves: string[] = [];
  const listeners: Listener[] = [];
  const tab: BrowserTab = {
    location: {
      href,
      assign: (to) => void moves.push(`assign ${String(to)}`),
      replace: (to) => void moves.push(`replace ${String(to)}`),
      reload: () => void moves.push('reload'),
    },
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

// The module remembers whether its document was left: each test starts with a new document.
const newDocument = () => import('./fresh-start');
beforeEach(() => vi.resetModules());

describe('a tab its member has left (docs/decisions/0113)', () => {
  it('loads the given page of this site as a new document, added to the history or in place of this one', async () => {
    for (const [path, replace, move] of [
      ['/login', false, 'assign https://fruit.example/login'],
      ['/favorites?x=1', true, 'replace https://fruit.example/favorites?x=1'],
      // Never another site, whatever the path says.
      ['//evil.example/x', false, 'assign https://fruit.example'],
      ['https://evil.example/', true, 'replace https://fruit.example'],
    ] as const) {
      vi.resetModules();
      const { startAfresh } = await newDocument();
      const { tab, moves } = fakeTab();
      startAfresh(path, { replace }, tab);
      expect(moves).toEqual([move]);
    }
  });

  it('loads this page again when given none; the first move wins', async () => {
    const { startAfresh } = await newDocument();
    const { tab, moves } = fakeTab();
    startAfresh(null, {}, tab);
    startAfresh('/login', {}, tab);
    expect(moves).toEqual(['reload']);
  });

  it('does not reload while a move the member asked for is under way, and does again once it failed', async () => {
    const { expectMove, startAfresh } = await newDocument();
    const { tab, moves } = fakeTab();
    expectMove(true);
    // The server ended the old session first (its socket closed): the sign-out still goes to /login.
    startAfresh(null, {}, tab);
    expect(moves).toEqual([]);
    expectMove(false);
    startAfresh(null, {}, tab);
    expect(moves).toEqual(['reload']);
  });

  it('goes where a move under way asked, even when the session answered first', async () => {
    const { expectMove, startAfresh } = await newDocument();
    const { tab, moves } = fakeTab();
    expectMove(true);
    startAfresh(null, {}, tab);
    startAfresh('/login', {}, tab);
    expect(moves).toEqual(['assign https://fruit.example/login']);
  });

  it('hands its toast to the next document of the tab, once', async () => {
    const { startAfresh, takeToastAfterLoad } = await newDocument();
    const { tab, storage } = fakeTab();
    startAfresh('/', { toast: { title: 'Account deleted', description: 'Gone.' } }, tab);
    // The next document reads the same session storage.
    const next = fakeTab(storage).tab;
    expect(takeToastAfterLoad(next)).toEqual({ title: 'Account deleted', description: 'Gone.' });
    expect(takeToastAfterLoad(next)).toBeNull();
  });

  it('ignores a kept toast it cannot read, and still moves when the storage refuses one', async () => {
    const { startAfresh, takeToastAfterLoad } = await newDocument();
    const { tab, storage, moves } = fakeTab();
    storage.set('fruit:toast-after-load', '{not json');
    expect(takeToastAfterLoad(tab)).toBeNull();
    storage.set('fruit:toast-after-load', '{"description":"no title"}');
    expect(takeToastAfterLoad(tab)).toBeNull();
    tab.sessionStorage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    startAfresh('/login', { toast: { title: 'Signed out' } }, tab);
    expect(moves).toEqual(['assign https://fruit.example/login']);
  });

  it('is loaded again when Back restores it whole after its member left it, and only then', async () => {
    const { reloadWhenRestoredAfterLeaving, startAfresh } = await newDocument();
    const { tab, moves, show } = fakeTab();
    reloadWhenRestoredAfterLeaving(tab);
    show(true);
    show(false);
    expect(moves).toEqual([]);
    startAfresh('/login', {}, tab);
    show(false);
    expect(moves).toEqual(['assign https://fruit.example/login']);
    show(true);
    expect(moves).toEqual(['assign https://fruit.example/login', 'reload']);
  });

  it('is loaded again when restored after its member left a later document of the tab (a payment page, then Sign Out)', async () => {
    const storage = new Map<string, string>();
    const { reloadWhenRestoredAfterLeaving } = await newDocument();
    const first = fakeTab(storage);
    reloadWhenRestoredAfterLeaving(first.tab);
    // Left for another site without a sign-out, restored: nothing to drop.
    first.show(true);
    expect(first.moves).toEqual([]);
    // A later document of the same tab, whose member signs out there.
    vi.resetModules();
    const later = await newDocument();
    later.startAfresh('/login', {}, fakeTab(storage).tab);
    // Back, twice: the first document comes back from the cache and is loaded again.
    first.show(true);
    expect(first.moves).toEqual(['reload']);
  });
});
