import { describe, expect, it } from 'vitest';
import { areaOf } from './post-values';
import {
  avatarIndex,
  CreatePostInput,
  initialsOf,
  dialable,
  isPhoneNumber,
  isPostalCode,
  ListPostsQuery,
  PHONE_MESSAGE,
  POSTAL_CODE_MESSAGE,
  regionFor,
  shareLink,
  statusLabel,
  STATUS_INFO,
  UpdateStatusInput,
} from './posts';

const base = { type: 'fruit', title: 'Apples', description: 'Lots of them', address: '12 Elm St' };
const messageOf = (input: unknown) => {
  const r = CreatePostInput.safeParse(input);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('post form (spec §5)', () => {
  it('requires title, description and address with the spec messages', () => {
    expect(messageOf({ ...base, title: '  ' })).toBe('Title is required');
    expect(messageOf({ ...base, description: '' })).toBe('Description is required');
    expect(messageOf({ ...base, address: '' })).toBe('Address is required');
  });
  it('gives absent fields the same messages', () => {
    expect(messageOf({ type: 'fruit' })).toBe('Title is required');
    expect(messageOf({ type: 'fruit', title: 'Apples' })).toBe('Description is required');
    expect(messageOf({ type: 'fruit', title: 'Apples', description: 'Red' })).toBe('Address is required');
  });
  it('limits initials to 3 characters', () => {
    expect(messageOf({ ...base, ownerInitials: 'ABCD' })).toBe('Maximum 3 characters');
    expect(messageOf({ ...base, ownerInitials: 'ABC' })).toBeNull();
  });
  it('accepts the five postal-code patterns and refuses others with the spec message', () => {
    for (const ok of ['90210', '90210-1234', 'M5V 2T6', 'm5v2t6', 'SW1A 1AA', '1234', '123']) expect(isPostalCode(ok)).toBe(true);
    for (const bad of ['12', 'ABCDE', '123456']) expect(isPostalCode(bad)).toBe(false);
    expect(messageOf({ ...base, zipCode: 'ABCDE' })).toBe(POSTAL_CODE_MESSAGE);
    expect(POSTAL_CODE_MESSAGE).toBe('Please enter a valid postal code (US ZIP, Canada postal, UK postcode, etc.)');
  });
  it('takes a phone number its card can dial, or none (docs/decisions/0132)', () => {
    for (const ok of ['416-555-0145', '(416) 555 0145', '+44 20 7946 0958', '(+44) 20 7946 0958', '+44 (0)20 7946 0958', '416.555.0145', '5550145'])
      expect(isPhoneNumber(ok)).toBe(true);
    for (const bad of ['hello', '555-014', '416-555-0145 ext 2', '+1 416 555 0145 0000 00', '++4165550145', '416+5550145']) expect(isPhoneNumber(bad)).toBe(false);
    expect(messageOf({ ...base, phoneNumber: 'hello' })).toBe(PHONE_MESSAGE);
    expect(PHONE_MESSAGE).toBe('Please enter a valid phone number (7 to 15 digits).');
    expect(CreatePostInput.parse({ ...base, phoneNumber: '' }).phoneNumber).toBeUndefined();
    expect(dialable('+1 (416) 555-0145')).toBe('+14165550145');
    // The trunk '(0)' after a country code is not dialled.
    expect(dialable('+44 (0)20 7946 0958')).toBe('+442079460958');
    expect(dialable('(+44) 20 7946 0958')).toBe('+442079460958');
  });
  it('reads multipart text: numbers, the exact-spot box, empty optional fields', () => {
    const parsed = CreatePostInput.parse({ ...base, latitude: '43.7', longitude: '-79.4', exactLocation: 'true', contact: '' });
    expect(parsed).toMatchObject({ latitude: 43.7, longitude: -79.4, exactLocation: true, contact: undefined });
    expect(messageOf({ ...base, latitude: '43.7' })).toBe('Latitude and longitude go together');
  });
});

describe('status (spec §4)', () => {
  it('says what each status means', () => {
    expect(Object.fromEntries(Object.entries(STATUS_INFO).map(([status, info]) => [status, info.description]))).toEqual({
      available: 'Ready for pickup now',
      limited: 'Small amount remaining',
      unavailable: 'Nothing available right now',
      seasonal: 'Will be available during season',
    });
  });
  it('labels known statuses and shows Unknown otherwise', () => {
    expect(statusLabel('limited')).toBe('Limited');
    expect(statusLabel('gone')).toBe('Unknown');
  });
  it('limits notes to 300 characters and treats empty notes as none', () => {
    expect(UpdateStatusInput.safeParse({ status: 'available', statusNotes: 'x'.repeat(301) }).success).toBe(false);
    expect(UpdateStatusInput.parse({ status: 'seasonal', statusNotes: '  ' }).statusNotes).toBeNull();
    expect(UpdateStatusInput.safeParse({ status: 'sold' }).success).toBe(false);
  });
});

describe('list query', () => {
  it("defaults every filter to 'all' and the limit to 20, at most 100", () => {
    expect(ListPostsQuery.parse({})).toMatchObject({ status: 'all', amount: 'all', distance: 'all', region: 'all', limit: 20 });
    expect(ListPostsQuery.parse({ limit: '' }).limit).toBe(20);
    expect(ListPostsQuery.parse({ limit: '7' }).limit).toBe(7);
    expect(ListPostsQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(ListPostsQuery.safeParse({ status: 'sold' }).success).toBe(false);
  });
});

describe('card helpers', () => {
  it('picks one of 10 gradients from the first character', () => {
    expect(avatarIndex('alice')).toBe(avatarIndex('Adam'));
    expect(avatarIndex('')).toBeGreaterThanOrEqual(0);
    const all = new Set('ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((c) => avatarIndex(c)));
    expect(all.size).toBe(10);
  });
  it('makes up to three initials', () => {
    expect(initialsOf('mary ann lee smith')).toBe('MAL');
    expect(initialsOf('Bob')).toBe('B');
    expect(initialsOf('Toronto Parks & Forestry (Official)')).toBe('TPF');
    expect(initialsOf(' "Élise" - 4 Seasons ')).toBe('É4S');
    expect(initialsOf('& -')).toBe('');
  });
  it('shares /?post=ID on the site origin (spec §9)', () => {
    expect(shareLink('https://example.org', 'abc')).toBe('https://example.org/?post=abc');
  });
  it('fills a region from coordinates', () => {
    expect(regionFor(43.77, -79.23)).toBe('scarborough');
    expect(regionFor(43.65, -79.38)).toBe('toronto');
    // Scarborough down to the lake east of Victoria Park Avenue (0147): Birch Cliff, Cliffside, Kingston Road.
    expect(regionFor(43.6947, -79.2646)).toBe('scarborough');
    expect(regionFor(43.683, -79.212)).toBe('scarborough');
    expect(regionFor(43.679, -79.279)).toBe('scarborough');
    expect(regionFor(43.671, -79.2965)).toBe('toronto'); // the Beaches
    expect(regionFor(43.691, -79.328)).toBe('toronto'); // East York
    expect(regionFor(45.04, -79.31)).toBe('muskoka');
    expect(regionFor(40.7, -74.0)).toBeNull();
  });
});

describe('areaOf (DECISIONS 24)', () => {
  it('is the town after the last comma, else the region, else nothing', () => {
    expect(areaOf('21 Birchmount Rd, Scarborough, ON M1K 1N2', 'toronto')).toBe('Scarborough');
    expect(areaOf('21 Birchmount Rd, Scarborough, Toronto', 'scarborough')).toBe('Toronto');
    expect(areaOf('21 Birchmount Rd', 'scarborough')).toBe('Scarborough');
    expect(areaOf('21 Birchmount Rd', null)).toBe('');
  });
});
