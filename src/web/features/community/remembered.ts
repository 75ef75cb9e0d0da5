import { useCallback, useState } from 'react';
import { deviceStore } from '../../lib/first-touch';

/** The device's memory of the home cards: banners dismissed, sections opened or closed. */
export const REMEMBERED_KEYS = {
  welcome: 'home-welcome-dismissed',
  marketing: 'home-marketing-dismissed',
  memberCards: 'home-member-cards-open',
  /** The last session seen on this device was a member's: their section's space is kept while the session loads. */
  member: 'home-last-seen-member',
} as const;

function read(key: string): string | null {
  try {
    return deviceStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * A yes/no kept on the device, read while rendering (so a dismissed banner never flashes and
 * nothing shifts), `fallback` until it has been set once.
 */
export function useRemembered(key: string, fallback: () => boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    const kept = read(key);
    return kept === null ? fallback() : kept === '1';
  });
  const remember = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        deviceStore()?.setItem(key, next ? '1' : '0');
      } catch {
        // Storage refused: remembered until the page is left.
      }
    },
    [key],
  );
  return [value, remember];
}
