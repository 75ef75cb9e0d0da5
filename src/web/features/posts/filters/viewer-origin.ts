import { useEffect, useSyncExternalStore } from 'react';
import { defaultOrigin } from '../../../lib/default-origin';
import { deviceStore } from '../../../lib/first-touch';

/**
 * Where distances are measured from (DECISIONS 11): a place the viewer picked, else the browser's
 * location when the viewer allows it, otherwise the server's default origin (docs/decisions/0121).
 * One store for the page, so the list, the map and the post dialog agree. The location never goes
 * into the URL; a picked place is kept on the device (docs/decisions/0120).
 */
export interface ViewerOrigin {
  /** "lat,lng" for the API's `near`, or null: the server's default origin. */
  near: string | null;
  state: 'idle' | 'locating' | 'located' | 'unavailable' | 'picked';
  /** The picked place's name, with state 'picked'. */
  place?: string;
}

/** A picked place as the device keeps it. */
interface PickedPlace {
  name: string;
  lat: number;
  lng: number;
}

const PICKED_KEY = 'viewer-place';
const IDLE: ViewerOrigin = { near: null, state: 'idle' };
const nearOf = (lat: number, lng: number) => `${lat.toFixed(4)},${lng.toFixed(4)}`;

function pickedOf(place: PickedPlace): ViewerOrigin {
  return { near: nearOf(place.lat, place.lng), state: 'picked', place: place.name };
}

/** The place picked on this device earlier, if any (and readable). */
function storedOrigin(): ViewerOrigin {
  try {
    const place = JSON.parse(deviceStore()?.getItem(PICKED_KEY) ?? 'null') as PickedPlace | null;
    const valid = place && typeof place.name === 'string' && Number.isFinite(place.lat) && Number.isFinite(place.lng);
    return valid ? pickedOf(place) : IDLE;
  } catch {
    return IDLE;
  }
}

let origin = storedOrigin();
const listeners = new Set<() => void>();

function publish(next: ViewerOrigin): void {
  origin = next;
  for (const listener of listeners) listener();
}

/** Measures from `place` from now on, on this device too, until the viewer asks for their location. */
export function pickViewerPlace(place: PickedPlace): void {
  try {
    deviceStore()?.setItem(PICKED_KEY, JSON.stringify({ name: place.name, lat: place.lat, lng: place.lng }));
  } catch {
    // A device that keeps nothing still measures from the place for this page.
  }
  publish(pickedOf(place));
}

/**
 * Asks the browser for its location; a refusal leaves the default origin in place. A picked place
 * stays unless `instead` (the viewer pressed 'Use my location'), which forgets it.
 */
export function requestViewerLocation(instead = false): void {
  if (origin.state === 'picked') {
    if (!instead) return;
    try {
      deviceStore()?.removeItem(PICKED_KEY);
    } catch {
      // Nothing kept to forget.
    }
  }
  if (origin.state === 'locating' || origin.state === 'located') return;
  if (!('geolocation' in navigator)) {
    publish({ near: null, state: 'unavailable' });
    return;
  }
  // Until the location is known, distances stay measured from where they were (a picked place).
  publish({ near: origin.near, state: 'locating' });
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => publish({ near: nearOf(coords.latitude, coords.longitude), state: 'located' }),
    () => publish({ near: null, state: 'unavailable' }),
    { maximumAge: 10 * 60 * 1000, timeout: 10_000 },
  );
}

/** The origin now: the snapshot useViewerOrigin renders. */
export function viewerOrigin(): ViewerOrigin {
  return origin;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The current origin. With `ask`, the browser is asked (the distance filter is on, and no place is
 * picked); without it the location is only used when the viewer already allowed it, so no prompt
 * appears unasked.
 */
export function useViewerOrigin(ask: boolean): ViewerOrigin {
  // Prerendered HTML and hydration measure from the default origin (docs/decisions/0088).
  const current = useSyncExternalStore(subscribe, viewerOrigin, () => IDLE);
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
  if (o.state === 'picked') return `Distances from ${o.place}`;
  if (o.near) return 'Distances from your location';
  if (o.state === 'locating') return 'Finding your location...';
  return `Distances from ${defaultOrigin().name} — allow location or choose a place for better results`;
}
