import { describe, expect, it } from 'vitest';
import {
  captureFirstTouch,
  FIRST_TOUCH_KEY,
  forgetFirstTouch,
  REFERRAL_CODE_KEY,
  registrationExtras,
  touchOf,
  type KeyValueStore,
} from './first-touch';

const NOW = new Date('2026-11-25T12:00:00Z');

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}

describe('touchOf', () => {
  it('reads an invite code in any case and the utm parameters', () => {
    expect(touchOf('?ref=ffabc123&utm_source=instagram&utm_medium=social&utm_campaign=spring', NOW)).toEqual({
      code: 'FFABC123',
      touch: { source: 'instagram', medium: 'social', campaign: 'spring', timestamp: NOW.toISOString() },
    });
  });

  it('ignores what is not an invite code, and says nothing for an address with nothing in it', () => {
    expect(touchOf('?ref=nonsense', NOW)).toEqual({ code: null, touch: null });
    expect(touchOf('?type=fruit&q=pears', NOW)).toEqual({ code: null, touch: null });
  });

  it('names a referral link and an Instagram link as their source when no utm_source says otherwise', () => {
    expect(touchOf('?ref=FFABC123', NOW).touch).toEqual({ source: 'referral', timestamp: NOW.toISOString() });
    expect(touchOf('?ig=1', NOW).touch).toEqual({
      source: 'instagram',
      medium: 'social',
      timestamp: NOW.toISOString(),
    });
    expect(touchOf('?instagram&utm_source=story', NOW).touch).toMatchObject({
      source: 'story',
      medium: 'social',
    });
  });

  it('trims and shortens values to what the server takes (100 characters)', () => {
    const long = 'x'.repeat(150);
    expect(touchOf(`?utm_source=%20mail%20&utm_campaign=${long}`, NOW).touch).toEqual({
      source: 'mail',
      campaign: 'x'.repeat(100),
      timestamp: NOW.toISOString(),
    });
  });
});

describe('the first touch kept on the device', () => {
  it('keeps the first code and the first utm parameters; later visits never replace them', () => {
    const store = memoryStore();
    captureFirstTouch('?utm_source=newsletter&utm_campaign=june', store, NOW);
    captureFirstTouch('?ref=FFFIRST1', store, NOW);
    captureFirstTouch('?ref=FFLATER2&utm_source=instagram', store, new Date('2026-12-01T00:00:00Z'));
    expect(store.data.get(REFERRAL_CODE_KEY)).toBe('FFFIRST1');
    expect(JSON.parse(store.data.get(FIRST_TOUCH_KEY)!)).toEqual({
      source: 'newsletter',
      campaign: 'june',
      timestamp: NOW.toISOString(),
    });
    expect(registrationExtras(store)).toEqual({
      referralCode: 'FFFIRST1',
      firstTouch: { source: 'newsletter', campaign: 'june' },
    });
  });

  it('sends nothing when nothing was kept, or when what was kept is damaged', () => {
    const store = memoryStore();
    expect(registrationExtras(store)).toEqual({});
    store.data.set(FIRST_TOUCH_KEY, '{not json');
    store.data.set(REFERRAL_CODE_KEY, 'hello');
    expect(registrationExtras(store)).toEqual({});
  });

  it('forgets it all once registered', () => {
    const store = memoryStore();
    captureFirstTouch('?ref=FFABC123&utm_source=x', store, NOW);
    forgetFirstTouch(store);
    expect(store.data.size).toBe(0);
  });

  it('goes on quietly when storage refuses', () => {
    const refusing: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => captureFirstTouch('?ref=FFABC123', refusing, NOW)).not.toThrow();
    expect(registrationExtras(refusing)).toEqual({});
    expect(() => forgetFirstTouch(refusing)).not.toThrow();
  });
});
