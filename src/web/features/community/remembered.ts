import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { DISMISSABLE, DISMISSED_COOKIE } from '../../../domain/pages';
import { deviceStore } from '../../lib/first-touch';

/** The device's memory of the home cards: banners dismissed, sections opened or closed. */
export const REMEMBERED_KEYS = {
  welcome: 'home-welcome-dismissed',
  marketing: 'home-marketing-dismissed',
  memberCards: 'home-member-cards-open',
  /** The last session seen on this device was a member's: their section's space is kept while the session loads. */
  member: 'home-last-seen-member',
} as const;

/**
 * Names the banners dismissed on this device in a cookie (domain/pages.ts), so the server's next
 * page hides them before it paints; a year, like the device's own memory.
 */
function writeDismissedCookie(): void {
  const dismissed = DISMISSABLE.filter((name) => read(REMEMBERED_KEYS[name]) === '1');
  document.cookie = dismissed.length
    ? `${DISMISSED_COOKIE}=${encodeURIComponent(dismissed.join(' '))}; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${DISMISSED_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

function read(key: string): string | null {
  try {
    return deviceStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Another tab changed the device's memory. */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * A yes/no kept on the device, read while rendering (so a dismissed banner never flashes on a
 * page the browser draws), `fallback` until it has been set once. While React hydrates a
 * prerendered page it is read as the build read it (nothing kept), so hydration finds the HTML it
 * was given; React reads the device right after (useSyncExternalStore's server snapshot) instead
 * of throwing the page away and drawing it anew (docs/decisions/0088). A dismissed banner is
 * hidden meanwhile by the server's mark on <html> (writeDismissedCookie).
 */
export function useRemembered(key: string, fallback: () => boolean): [boolean, (value: boolean) => void] {
  const kept = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const [chosen, setChosen] = useState<boolean | null>(null);
  const remember = useCallback(
    (next: boolean) => {
      setChosen(next);
      try {
        deviceStore()?.setItem(key, next ? '1' : '0');
        writeDismissedCookie();
      } catch {
        // Storage refused: remembered until the page is left.
      }
    },
    [key],
  );
  // A device that dismissed a banner before the cookie existed gets it now.
  useEffect(() => {
    if (kept === '1' && DISMISSABLE.some((name) => REMEMBERED_KEYS[name] === key)) writeDismissedCookie();
  }, [key, kept]);
  return [chosen ?? (kept === null ? fallback() : kept === '1'), remember];
}
