import { townOf } from './address-town';
import { LIMITS } from './limits';

/**
 * The values and pure rules of posts, without zod: the web's first screen imports these and stays
 * free of the schema library (docs/decisions/0040). posts.ts re-exports all of it with the schemas.
 */
export const POST_TYPES = ['fruit', 'firewood', 'skids'] as const;
export const POST_STATUSES = ['available', 'limited', 'unavailable', 'seasonal'] as const;
export const REGIONS = ['muskoka', 'kawartha', 'haliburton', 'scarborough', 'toronto'] as const;
export type PostTypeValue = (typeof POST_TYPES)[number];
export type PostStatusValue = (typeof POST_STATUSES)[number];
export type RegionValue = (typeof REGIONS)[number];

/** Tab labels (spec §2 Home). */
export const POST_TYPE_TABS: Record<PostTypeValue, string> = {
  fruit: 'Fresh Fruit',
  firewood: 'Firewood',
  skids: 'Skids',
};
/** Create dialog titles: 'Add New Fruit Post', … */
export const CREATE_TITLES: Record<PostTypeValue, string> = {
  fruit: 'Add New Fruit Post',
  firewood: 'Add New Firewood Post',
  skids: 'Add New Skids Post',
};

export const STATUS_INFO: Record<PostStatusValue, { label: string; description: string }> = {
  available: { label: 'Available', description: 'Ready for pickup now' },
  limited: { label: 'Limited', description: 'Small amount remaining' },
  unavailable: { label: 'Unavailable', description: 'Nothing available right now' },
  seasonal: { label: 'Seasonal', description: 'Will be available during season' },
};
/** An unknown value displays as Unknown (spec §4). */
export function statusLabel(status: string): string {
  return (STATUS_INFO as Record<string, { label: string }>)[status]?.label ?? 'Unknown';
}

export const REGION_LABELS: Record<RegionValue, string> = {
  muskoka: 'Muskoka',
  kawartha: 'Kawartha Lakes',
  haliburton: 'Haliburton',
  scarborough: 'Scarborough',
  toronto: 'Toronto',
};

/** Filter values of spec §3; 'all' disables a filter. */
export const STATUS_FILTERS = ['all', 'available', 'limited', 'unavailable'] as const;
export const AMOUNT_FILTERS = ['all', 'small', 'medium', 'large'] as const;
export const DISTANCE_FILTERS = ['all', '1mile', '5miles', '10miles'] as const;
export const REGION_FILTERS = ['all', ...REGIONS] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type AmountFilter = (typeof AMOUNT_FILTERS)[number];
export type DistanceFilter = (typeof DISTANCE_FILTERS)[number];
export type RegionFilter = (typeof REGION_FILTERS)[number];

/** Quantity words per amount (spec §5 Quantity filter). */
export const AMOUNT_WORDS: Record<Exclude<AmountFilter, 'all'>, readonly string[]> = {
  small: ['small', 'few'],
  medium: ['medium', 'some'],
  large: ['large', 'lots', 'plenty'],
};
export const DISTANCE_MILES: Record<Exclude<DistanceFilter, 'all'>, number> = {
  '1mile': 1,
  '5miles': 5,
  '10miles': 10,
};

export const POST_TEXT_MAX = {
  title: 120,
  description: 2000,
  address: 200,
  contact: 120,
  phoneNumber: 40,
  ownerName: 80,
  quantity: 80,
  seasonalNotes: 300,
  q: 100,
} as const;

/** US ZIP, Canadian postal code, UK postcode, 4-5 digits, 3-4 digits (spec §5). */
export const POSTAL_CODE_PATTERNS: readonly RegExp[] = [
  /^\d{5}(-\d{4})?$/,
  /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/,
  /^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/,
  /^\d{4,5}$/,
  /^\d{3,4}$/,
];
export const POSTAL_CODE_MESSAGE =
  'Please enter a valid postal code (US ZIP, Canada postal, UK postcode, etc.)';
export const isPostalCode = (v: string) => POSTAL_CODE_PATTERNS.some((re) => re.test(v.trim()));

/**
 * A post's phone number, which gives its card Call and Text (spec §2 Post card): digits with the
 * usual spaces, dashes, dots, brackets and a leading +, 7 to 15 digits (E.164's most), so the
 * buttons dial something (docs/decisions/0132).
 */
export const PHONE_MESSAGE = 'Please enter a valid phone number (7 to 15 digits).';
/**
 * What a tel: or sms: link dials: the digits, and a leading + where there is one; the trunk '(0)'
 * written after a country code ('+44 (0)20 …') is not dialled from abroad.
 */
export const dialable = (v: string) => v.replace(/\(0\)/g, '').replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
export const isPhoneNumber = (v: string) => /^\(?\+?[\d\s().-]+$/.test(v.trim()) && /^\+?\d{7,15}$/.test(dialable(v.trim()));

/** Avatar colour: one of 10 gradients chosen by the first character (spec §2 Post card). */
export const AVATAR_GRADIENT_COUNT = 10;
export function avatarIndex(name: string | null | undefined): number {
  const ch = (name ?? '').trim().toUpperCase().codePointAt(0) ?? 0;
  return ch % AVATAR_GRADIENT_COUNT;
}

/**
 * Initials from a name when the poster gives none: 'Mary Ann Lee' -> 'MAL' (max 3), each word's
 * first letter or digit; a word of none ('&', '-') gives none: 'Parks & Forestry' -> 'PF'.
 */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((w) => /[\p{L}\p{N}]/u.exec(w)?.[0] ?? '')
    .join('')
    .slice(0, LIMITS.ownerInitialsMax)
    .toUpperCase();
}

/**
 * What a post's link says when it answers 404: deleted by its owner, removed by an admin, or hidden
 * for now (its owner suspended, reports waiting); the viewer is not told which.
 */
export const POST_GONE_TEXT = 'It may have been taken down, or be hidden for now.';

/** GET /api/favorites: how many of the member's saved posts are hidden for now (docs/decisions/0144). */
export const FAVORITES_HIDDEN_HEADER = 'x-hidden-count';

/** What /favorites says of saved posts hidden for now (docs/decisions/0144). */
export const hiddenFavoritesText = (n: number) =>
  n === 1
    ? '1 saved post is hidden for now. It shows here again if it comes back.'
    : `${n} saved posts are hidden for now. They show here again if they come back.`;

/** A post's own address: home with the post's dialog open (spec §9). */
export const postPath = (id: string) => `/?post=${encodeURIComponent(id)}`;

/** The query parameter (`=1`) that opens a post's comments over its dialog: a 'New Comment' notification. */
export const COMMENTS_OPEN_PARAM = 'comments';

/** Share link of spec §9: the site origin + '/?post=' + id. */
export const shareLink = (origin: string, id: string) => `${origin}${postPath(id)}`;

/**
 * Rough boxes [south, west, north, east] for filling a missing region from coordinates (DECISIONS
 * 13), the first that holds the point. Scarborough reaches down to the lake east of Victoria Park
 * Avenue: Birch Cliff, Cliffside and the south of Kingston Road (0147).
 */
const REGION_BOXES: ReadonlyArray<[RegionValue, [number, number, number, number]]> = [
  ['scarborough', [43.7, -79.32, 43.86, -79.11]],
  ['scarborough', [43.66, -79.288, 43.7, -79.11]],
  ['toronto', [43.58, -79.64, 43.86, -79.11]],
  ['muskoka', [44.75, -80.1, 45.5, -78.95]],
  ['haliburton', [44.8, -78.95, 45.4, -78.0]],
  ['kawartha', [44.2, -79.0, 44.8, -78.0]],
];

export function regionFor(lat: number, lng: number): RegionValue | null {
  for (const [region, [s, w, n, e]] of REGION_BOXES) {
    if (lat >= s && lat <= n && lng >= w && lng <= e) return region;
  }
  return null;
}

/**
 * The region an address names as its town ('Kingston Rd, Scarborough' → scarborough), or null:
 * for a post without a region or coordinates, so that the local page that lists a region finds
 * what its neighbours typed (DECISIONS 13, 0150). Migration 0038 fills it in for earlier posts,
 * with post_town, this file's townOf in SQL.
 */
export function regionOfAddress(address: string): RegionValue | null {
  const town = townOf(address)?.toLowerCase();
  return REGIONS.find((region) => REGION_LABELS[region].toLowerCase() === town) ?? null;
}

/**
 * The area of an address, as a guest sees an approximate post's place (DECISIONS 24): its town
 * ('21 Birchmount Rd, Scarborough, ON' → 'Scarborough': townOf), else the region's name, else ''.
 */
export function areaOf(address: string, region: RegionValue | null): string {
  return townOf(address) ?? (region ? REGION_LABELS[region] : '');
}

/** What the post form asks, said under its title: a new post, or changes to one (docs/decisions/0149). */
export const POST_FORM_DESCRIPTION = {
  create: 'Free to share. Fields marked optional can stay empty.',
  edit: 'Change what you need, then Save changes. Fields marked optional can stay empty.',
} as const;
