import { INVITE_CODE } from '../../domain/referral-values';

/**
 * Where a visitor first came from (spec §3 local tracking "Referral data: source, medium,
 * campaign, timestamp"; docs/decisions/0080): `?ref=CODE` and utm_* are kept on the device,
 * first touch only (never overwritten once set), until registration sends them.
 */
export const FIRST_TOUCH_KEY = 'referral-data';
export const REFERRAL_CODE_KEY = 'referral-code';

export interface FirstTouchRecord {
  source?: string;
  medium?: string;
  campaign?: string;
  /** When it was first seen (ISO). */
  timestamp: string;
}

/** The part of Web Storage used here (localStorage in the browser, a stand-in in tests). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const MAX = 100;
const clean = (value: string | null) => {
  const text = value?.trim().slice(0, MAX);
  return text ? text : undefined;
};

/** What an address says of where the visitor came from; null when it says nothing. */
export function touchOf(search: string, now: Date): { code: string | null; touch: FirstTouchRecord | null } {
  const params = new URLSearchParams(search);
  const ref = params.get('ref')?.trim().toUpperCase() ?? '';
  const code = INVITE_CODE.test(ref) ? ref : null;
  // Spec §2: the home screen also reads ig / instagram, the product's Instagram links.
  const fromInstagram = params.has('ig') || params.has('instagram');
  const source =
    clean(params.get('utm_source')) ?? (fromInstagram ? 'instagram' : code ? 'referral' : undefined);
  const medium = clean(params.get('utm_medium')) ?? (fromInstagram ? 'social' : undefined);
  const campaign = clean(params.get('utm_campaign'));
  if (!source && !medium && !campaign) return { code, touch: null };
  const touch: FirstTouchRecord = { timestamp: now.toISOString() };
  if (source) touch.source = source;
  if (medium) touch.medium = medium;
  if (campaign) touch.campaign = campaign;
  return { code, touch };
}

function read(store: KeyValueStore, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function keep(store: KeyValueStore, key: string, value: string): void {
  try {
    if (store.getItem(key) === null) store.setItem(key, value);
  } catch {
    // Storage refused (private mode, full): the visit is simply not attributed.
  }
}

/** Keeps the first `?ref=` and the first utm_* seen on this device; later ones never replace them. */
export function captureFirstTouch(search: string, store: KeyValueStore, now = new Date()): void {
  const { code, touch } = touchOf(search, now);
  if (code) keep(store, REFERRAL_CODE_KEY, code);
  if (touch) keep(store, FIRST_TOUCH_KEY, JSON.stringify(touch));
}

/** What registration sends (`referralCode`, `firstTouch`), from what the device kept. */
export function registrationExtras(store: KeyValueStore): {
  referralCode?: string;
  firstTouch?: { source?: string; medium?: string; campaign?: string };
} {
  const extras: ReturnType<typeof registrationExtras> = {};
  const code = read(store, REFERRAL_CODE_KEY);
  if (code && INVITE_CODE.test(code)) extras.referralCode = code;
  try {
    const kept = JSON.parse(read(store, FIRST_TOUCH_KEY) ?? 'null') as Partial<FirstTouchRecord> | null;
    if (kept && typeof kept === 'object') {
      const firstTouch: NonNullable<typeof extras.firstTouch> = {};
      for (const field of ['source', 'medium', 'campaign'] as const) {
        const value = kept[field];
        if (typeof value === 'string' && value) firstTouch[field] = value.slice(0, MAX);
      }
      if (Object.keys(firstTouch).length > 0) extras.firstTouch = firstTouch;
    }
  } catch {
    // Not ours or damaged: nothing to send.
  }
  return extras;
}

/** Registered: the device forgets what it kept for the registration. */
export function forgetFirstTouch(store: KeyValueStore): void {
  try {
    store.removeItem(REFERRAL_CODE_KEY);
    store.removeItem(FIRST_TOUCH_KEY);
  } catch {
    // Nothing kept, or storage unavailable.
  }
}

/** localStorage when the browser lets the page use it. */
export function deviceStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
