import { useEffect, useSyncExternalStore } from 'react';

/**
 * Where distances are measured from (DECISIONS 11): the browser's location when the viewer allows
 * it, otherwise the server's default origin (downtown Toronto). One store for the page, so the list,
 * the map and the post dialog agree. The location never goes into the URL.
 */
export interface ViewerOrigin {
  /** "lat,lng" for the API's `near`, or null: the server's default origin. */
  near: string | null;
  state: 'idle' | 'locating' | 'located' | 'unavailable';
}

const IDLE: ViewerOrigin = { near: null, state: 'idle' };
let origin = IDLE;
const listeners = new Set<() => void>();

function publish(next: ViewerOrigin): void {
  origin = next;
  for (const listener of listeners) listener();
}

/** Asks the browser for its location once; a refusal leaves the default origin in place. */
export function requestViewerLocation(): void {
  if (origin.state === 'locating' || origin.state === 'located') return;
  if (!('geolocation' in navigator)) {
    publish({ near: null, state: 'unavailable' });
    return;
  }
  publish({ ...origin, state: 'locating' });
  navigator.geolocation.getCurrentPosition(
    ({ coords }) =>
      publish({ near: `${coords.latitude.toFixed(4)},${coords.longitude.toFixed(4)}`, state: 'located' }),
    () => publish({ near: null, state: 'unavailable' }),
    { maximumAge: 10 * 60 * 1000, timeout: 10_000 },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The current origin. With `ask`, the browser is asked (the distance filter is on); without it the
 * location is only used when the viewer already allowed it, so no prompt appears unasked.
 */
export function useViewerOrigin(ask: boolean): ViewerOrigin {
  // Prerendered HTML and hydration measure from the default origin (docs/decisions/0088).
  const current = useSyncExternalStore(subscribe, () => origin, () => IDLE);
  useEffect(() => {
    if (ask) {
      requestViewerLocation();
      return;
    }
    let live = true;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (live && status.state === 'granted') requestViewerLocation();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ask]);
  return current;
}

/** The sentence under the filters that says where distances are measured from. */
export function originText(o: ViewerOrigin): string {
  if (o.near) return 'Distances from your location';
  if (o.state === 'locating') return 'Finding your location...';
  return 'Distances from downtown Toronto — allow location for better results';
}
