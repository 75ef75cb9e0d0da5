import { z } from 'zod';
import { LIMITS } from './limits';
import { parseLatLng } from './geo';
import { text } from './text';
import { VerifiedType } from './auth';
import {
  AMOUNT_FILTERS,
  DISTANCE_FILTERS,
  isPhoneNumber,
  isPostalCode,
  PHONE_MESSAGE,
  POST_STATUSES,
  POST_TEXT_MAX,
  POST_TYPES,
  POSTAL_CODE_MESSAGE,
  REGION_FILTERS,
  REGIONS,
  STATUS_FILTERS,
} from './post-values';

export * from './post-values';

export const PostType = z.enum(POST_TYPES);
export type PostType = z.infer<typeof PostType>;

export const PostStatus = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof PostStatus>;

export const Region = z.enum(REGIONS);
export type Region = z.infer<typeof Region>;

const optionalText = (max: number) =>
  text()
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
    title: text('Title is required').trim().min(1, 'Title is required').max(POST_TEXT_MAX.title, `Maximum ${POST_TEXT_MAX.title} characters`),
    description: text('Description is required').trim().min(1, 'Description is required').max(POST_TEXT_MAX.description, `Maximum ${POST_TEXT_MAX.description} characters`),
    address: text('Address is required').trim().min(1, 'Address is required').max(POST_TEXT_MAX.address, `Maximum ${POST_TEXT_MAX.address} characters`),
    contact: optionalText(POST_TEXT_MAX.contact),
    phoneNumber: optionalText(POST_TEXT_MAX.phoneNumber).refine((v) => !v || isPhoneNumber(v), PHONE_MESSAGE),
    ownerName: optionalText(POST_TEXT_MAX.ownerName),
    ownerInitials: text()
      .trim()
      .max(LIMITS.ownerInitialsMax, 'Maximum 3 characters')
      .optional()
      .transform((v) => (v ? v : undefined)),
    zipCode: text()
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
  statusNotes: text()
    .trim()
    .max(LIMITS.statusNotesMax, `Maximum ${LIMITS.statusNotesMax} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type UpdateStatusInput = z.infer<typeof UpdateStatusInput>;

const filterParam = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).default(values[0] as T[number]));

/**
 * posts.search_text joins the searched fields with U+001F (docs/decisions/0035). A search holds no
 * control character, so it can never match across two fields: each run of them (the separator, a
 * pasted tab or line break) reads as one space. NUL is refused, as in all text.
 */
export const SEARCH_FIELD_SEPARATOR = '\u001f';
/** C0 and C1 controls and DEL; NUL among them is refused first, by text(). */
const CONTROL_CHARACTERS = /\p{Cc}+/gu;

export const PostFilters = z.object({
  type: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), PostType.optional()),
  q: text()
    .overwrite((v) => v.replace(CONTROL_CHARACTERS, ' '))
    .trim()
    .max(POST_TEXT_MAX.q, `Search is limited to ${POST_TEXT_MAX.q} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  status: filterParam(STATUS_FILTERS),
  amount: filterParam(AMOUNT_FILTERS),
  distance: filterParam(DISTANCE_FILTERS),
  region: filterParam(REGION_FILTERS),
  /** The viewer's location "lat,lng"; without it the configured default origin. */
  near: text()
    .optional()
    .refine((v) => !v || parseLatLng(v) !== null, 'near must be "lat,lng"'),
});
export type PostFilters = z.infer<typeof PostFilters>;

export const ListPostsQuery = PostFilters.extend({
  /** An empty `limit=` counts as absent. */
  limit: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(20),
  ),
  cursor: text().max(200).optional(),
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
  /** Demo data loaded at first start (spec: clearly marked); the card shows a 'Demo post' badge. */
  isDemo: z.boolean(),
  /** Comments on the post (the card's 'Be the first to comment', '1 comment', 'N comments'). */
  commentCount: z.number().int().nonnegative(),
  /** The owner's average rating (1-5) and its number of ratings; null and 0 without any (spec §2 Post card). */
  ownerRating: z.number().nullable(),
  ownerRatingCount: z.number().int().nonnegative(),
  /** The owner's verified badge (spec §6), or null. */
  ownerVerifiedType: VerifiedType.nullable(),
  /** When the badge was given (its note says so), or null. */
  ownerVerifiedAt: z.string().nullable(),
  /**
   * Past a guest's daily preview budget (DECISIONS 29): only the type, title, region and dates are
   * sent, the texts empty and the rest null; the card shows the access offer instead.
   */
  locked: z.boolean(),
  /**
   * The asking session posted it: a member's own post, or a guest's, kept on their session (DECISIONS
   * 5), whose id the web never holds. The web offers the owner's actions by it; the server checks
   * every change all the same (docs/decisions/0132).
   */
  viewerOwns: z.boolean(),
  /**
   * Why a post its owner or an admin opens is in no list (hidden by reports, removed, its owner
   * suspended); left out for a listed post, which is all anyone else is sent (0150).
   */
  unlisted: z.enum(['reported', 'removed', 'suspended']).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof Post>;

export const MapCluster = z.object({ kind: z.literal('cluster'), count: z.number(), latitude: z.number(), longitude: z.number() });
export const MapPoint = z.object({ kind: z.literal('point'), post: Post });
export const MapResponse = z.object({
  /** Posts with coordinates that match the filters inside the box. */
  total: z.number(),
  /** Some counts are estimates: the rim of a busy distance circle (docs/decisions/0072). */
  estimated: z.boolean(),
  items: z.array(z.discriminatedUnion('kind', [MapCluster, MapPoint])),
});
export type MapResponse = z.infer<typeof MapResponse>;

/** GET /api/posts answers a page of posts. */
export const PostList = z.array(Post);
