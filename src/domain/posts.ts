import { z } from 'zod';
import { LIMITS } from './limits';
import { parseLatLng } from './geo';

export const POST_TYPES = ['fruit', 'firewood', 'skids'] as const;
export const PostType = z.enum(POST_TYPES);
export type PostType = z.infer<typeof PostType>;
/** Tab labels (spec §2 Home). */
export const POST_TYPE_TABS: Record<PostType, string> = { fruit: 'Fresh Fruit', firewood: 'Firewood', skids: 'Skids' };
/** Create dialog titles: 'Add New Fruit Post', … */
export const CREATE_TITLES: Record<PostType, string> = {
  fruit: 'Add New Fruit Post',
  firewood: 'Add New Firewood Post',
  skids: 'Add New Skids Post',
};

export const POST_STATUSES = ['available', 'limited', 'unavailable', 'seasonal'] as const;
export const PostStatus = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof PostStatus>;
export const STATUS_INFO: Record<PostStatus, { label: string; description: string }> = {
  available: { label: 'Available', description: 'Ready for pickup now' },
  limited: { label: 'Limited', description: 'Small amount remaining' },
  unavailable: { label: 'Unavailable', description: 'Nothing available right now' },
  seasonal: { label: 'Seasonal', description: 'Will be available during season' },
};
/** An unknown value displays as Unknown (spec §4). */
export function statusLabel(status: string): string {
  return (STATUS_INFO as Record<string, { label: string }>)[status]?.label ?? 'Unknown';
}

export const REGIONS = ['muskoka', 'kawartha', 'haliburton', 'scarborough', 'toronto'] as const;
export const Region = z.enum(REGIONS);
export type Region = z.infer<typeof Region>;
export const REGION_LABELS: Record<Region, string> = {
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
export const DISTANCE_MILES: Record<Exclude<DistanceFilter, 'all'>, number> = { '1mile': 1, '5miles': 5, '10miles': 10 };

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
export const POSTAL_CODE_MESSAGE = 'Please enter a valid postal code (US ZIP, Canada postal, UK postcode, etc.)';
export const isPostalCode = (v: string) => POSTAL_CODE_PATTERNS.some((re) => re.test(v.trim()));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

const optionalNumber = (min: number, max: number, name: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z.number({ error: `${name} must be a number` }).min(min, `${name} is out of range`).max(max, `${name} is out of range`).optional(),
  );

/** The post form (spec §5), as the web form and the multipart fields send it. */
export const PostFields = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(POST_TEXT_MAX.title, `Maximum ${POST_TEXT_MAX.title} characters`),
    description: z.string().trim().min(1, 'Description is required').max(POST_TEXT_MAX.description, `Maximum ${POST_TEXT_MAX.description} characters`),
    address: z.string().trim().min(1, 'Address is required').max(POST_TEXT_MAX.address, `Maximum ${POST_TEXT_MAX.address} characters`),
    contact: optionalText(POST_TEXT_MAX.contact),
    phoneNumber: optionalText(POST_TEXT_MAX.phoneNumber),
    ownerName: optionalText(POST_TEXT_MAX.ownerName),
    ownerInitials: z
      .string()
      .trim()
      .max(LIMITS.ownerInitialsMax, 'Maximum 3 characters')
      .optional()
      .transform((v) => (v ? v : undefined)),
    zipCode: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || isPostalCode(v), POSTAL_CODE_MESSAGE)
      .transform((v) => (v ? v : undefined)),
    quantity: optionalText(POST_TEXT_MAX.quantity),
    seasonalNotes: optionalText(POST_TEXT_MAX.seasonalNotes),
    region: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), Region.optional()),
    latitude: optionalNumber(-90, 90, 'Latitude'),
    longitude: optionalNumber(-180, 180, 'Longitude'),
    /** "Show the exact spot" (a public tree, say): otherwise maps show an approximate point. */
    exactLocation: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean()).default(false),
  })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined), {
    message: 'Latitude and longitude go together',
    path: ['longitude'],
  });
export type PostFields = z.infer<typeof PostFields>;

export const CreatePostInput = z.intersection(
  PostFields,
  z.object({ type: PostType, status: z.literal('available').optional() }),
);
export type CreatePostInput = z.infer<typeof CreatePostInput>;

export const UpdateStatusInput = z.object({
  status: PostStatus,
  statusNotes: z
    .string()
    .trim()
    .max(LIMITS.statusNotesMax, `Maximum ${LIMITS.statusNotesMax} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type UpdateStatusInput = z.infer<typeof UpdateStatusInput>;

const filterParam = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).default(values[0] as T[number]));

export const PostFilters = z.object({
  type: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), PostType.optional()),
  q: z
    .string()
    .trim()
    .max(POST_TEXT_MAX.q, `Search is limited to ${POST_TEXT_MAX.q} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  status: filterParam(STATUS_FILTERS),
  amount: filterParam(AMOUNT_FILTERS),
  distance: filterParam(DISTANCE_FILTERS),
  region: filterParam(REGION_FILTERS),
  /** The viewer's location "lat,lng"; without it the configured default origin. */
  near: z
    .string()
    .optional()
    .refine((v) => !v || parseLatLng(v) !== null, 'near must be "lat,lng"'),
});
export type PostFilters = z.infer<typeof PostFilters>;

export const ListPostsQuery = PostFilters.extend({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(20),
  cursor: z.string().max(200).optional(),
});
export type ListPostsQuery = z.infer<typeof ListPostsQuery>;

export const MapQuery = PostFilters.extend({
  /** "west,south,east,north" in degrees. */
  bbox: z.string().regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'bbox must be "west,south,east,north"'),
  zoom: z.coerce.number().int().min(0).max(22),
});
export type MapQuery = z.infer<typeof MapQuery>;

/** A post as the API returns it. latitude/longitude are the public point unless the viewer owns it. */
export const Post = z.object({
  id: z.string(),
  type: PostType,
  title: z.string(),
  description: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  exactLocation: z.boolean(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  status: z.string(),
  statusNotes: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  contact: z.string().nullable(),
  ownerName: z.string().nullable(),
  ownerInitials: z.string().nullable(),
  userId: z.string().nullable(),
  zipCode: z.string().nullable(),
  quantity: z.string().nullable(),
  seasonalNotes: z.string().nullable(),
  region: Region.nullable(),
  /** Miles from the viewer (near, else the default origin), from the public point; null without coordinates. */
  distanceMiles: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof Post>;

export const MapCluster = z.object({ kind: z.literal('cluster'), count: z.number(), latitude: z.number(), longitude: z.number() });
export const MapPoint = z.object({ kind: z.literal('point'), post: Post });
export const MapResponse = z.object({
  /** Posts with coordinates that match the filters inside the box. */
  total: z.number(),
  items: z.array(z.discriminatedUnion('kind', [MapCluster, MapPoint])),
});
export type MapResponse = z.infer<typeof MapResponse>;

/** Favourites (spec §7). userId is optional: the session decides (DECISIONS 1). */
export const FavoriteInput = z.object({ userId: z.string().optional(), postId: z.uuid('postId must be a post id') });
export const FavoriteCheckQuery = FavoriteInput;
export const FavoritesQuery = z.object({ userId: z.string().optional() });

/** Avatar colour: one of 10 gradients chosen by the first character (spec §2 Post card). */
export const AVATAR_GRADIENT_COUNT = 10;
export function avatarIndex(name: string | null | undefined): number {
  const ch = (name ?? '').trim().toUpperCase().codePointAt(0) ?? 0;
  return ch % AVATAR_GRADIENT_COUNT;
}

/** Initials from a name when the poster gives none: 'Mary Ann Lee' -> 'MAL' (max 3). */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, LIMITS.ownerInitialsMax)
    .toUpperCase();
}

/** Share link of spec §9: the site origin + '/?post=' + id. */
export const shareLink = (origin: string, id: string) => `${origin}/?post=${id}`;

/** Rough boxes [south, west, north, east] for filling a missing region from coordinates (DECISIONS 13). */
const REGION_BOXES: ReadonlyArray<[Region, [number, number, number, number]]> = [
  ['scarborough', [43.7, -79.32, 43.86, -79.11]],
  ['toronto', [43.58, -79.64, 43.86, -79.11]],
  ['muskoka', [44.75, -80.1, 45.5, -78.95]],
  ['haliburton', [44.8, -78.95, 45.4, -78.0]],
  ['kawartha', [44.2, -79.0, 44.8, -78.0]],
];

export function regionFor(lat: number, lng: number): Region | null {
  for (const [region, [s, w, n, e]] of REGION_BOXES) {
    if (lat >= s && lat <= n && lng >= w && lng <= e) return region;
  }
  return null;
}
