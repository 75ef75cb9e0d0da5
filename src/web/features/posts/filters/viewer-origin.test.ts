import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubHead } from '../../../lib/page-head.fixture';

/** A device's localStorage, as far as the origin store uses it. */
function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** The module afresh, as a new page load on a device holding `storage`. */
async function loadOn(storage: ReturnType<typeof fakeStorage>) {
  vi.stubGlobal('window', { localStorage: storage });
  vi.resetModules();
  return import('./viewer-origin');
}

describe('where distances are measured from', () => {
  beforeEach(() => vi.stubGlobal('navigator', {}));
  afterEach(() => vi.unstubAllGlobals());

  it('names the place, the location, the wait and the default origin', async () => {
    stubHead({ 'app:default-origin': '49.2827,-123.1207', 'app:default-origin-name': 'downtown Vancouver' });
    const { originText } = await loadOn(fakeStorage());
    expect(originText({ near: '45.0390,-79.3090', state: 'picked', place: 'Bracebridge' })).toBe('Distances from Bracebridge');
    expect(originText({ near: '43.7700,-79.2300', state: 'located' })).toBe('Distances from your location');
    expect(originText({ near: null, state: 'locating' })).toBe('Finding your location...');
    expect(originText({ near: null, state: 'idle' })).toBe(
      'Distances from downtown Vancouver — allow location or choose a place for better results',
    );
  });

  it('keeps a picked place on the device and starts from it on the next page load', async () => {
    const storage = fakeStorage();
    const first = await loadOn(storage);
    first.pickViewerPlace({ name: 'Bracebridge', lat: 45.039, lng: -79.309 });
    expect(JSON.parse(storage.items.get('viewer-place') ?? 'null')).toEqual({ name: 'Bracebridge', lat: 45.039, lng: -79.309 });

    const next = await loadOn(storage);
    next.requestViewerLocation(); // the distance filter asking: a pick stays
    expect(next.viewerOrigin()).toEqual({ near: '45.0390,-79.3090', state: 'picked', place: 'Bracebridge' });
  });

  it('forgets the pick when the viewer asks for their location instead', async () => {
    const storage = fakeStorage({ 'viewer-place': JSON.stringify({ name: 'Leslieville', lat: 43.6631, lng: -79.3329 }) });
    const store = await loadOn(storage);
    store.requestViewerLocation(true); // no geolocation on this "browser"
    expect(storage.items.has('viewer-place')).toBe(false);
    expect(store.viewerOrigin()).toEqual({ near: null, state: 'unavailable' });
  });

  it('ignores a kept value it cannot read', async () => {
    const store = await loadOn(fakeStorage({ 'viewer-place': '{"name":"Nowhere","lat":"x"}' }));
    expect(store.viewerOrigin()).toEqual({ near: null, state: 'idle' });
  });
});
