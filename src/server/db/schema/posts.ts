import { sql } from 'drizzle-orm';
import { boolean, customType, date, doublePrecision, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { POST_STATUSES, POST_TYPES, REGIONS } from '../../../domain/posts';
import { sessions, users } from './users';

/** PostgreSQL's tsvector, read as its text form (never sent to clients). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const postTypeEnum = pgEnum('post_type', POST_TYPES);
export const postStatusEnum = pgEnum('post_status', POST_STATUSES);
export const regionEnum = pgEnum('region', REGIONS);
/** Why a post is out of lists: hidden by members' reports until reviewed, or removed by an admin (issue 19). */
export const postHiddenReasonEnum = pgEnum('post_hidden_reason', ['reports', 'removed']);

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The member who posted; null for a guest post (then ownerSessionId holds it). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerSessionId: text('owner_session_id').references(() => sessions.id, { onDelete: 'set null' }),
    type: postTypeEnum('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    address: text('address').notNull(),
    /** The exact spot: only the owner and admins ever see it. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The public point: 300-600 m from the exact spot, computed once, or the spot itself when exactLocation. */
    publicLatitude: doublePrecision('public_latitude'),
    publicLongitude: doublePrecision('public_longitude'),
    exactLocation: boolean('exact_location').notNull().default(false),
    imageUrl: text('image_url'),
    thumbnailUrl: text('thumbnail_url'),
    /** Storage keys of the image files, to delete them with the post. */
    imageKeys: text('image_keys').array(),
    status: postStatusEnum('status').notNull().default('available'),
    statusNotes: text('status_notes'),
    phoneNumber: text('phone_number'),
    contact: text('contact'),
    ownerName: text('owner_name'),
    ownerInitials: text('owner_initials'),
    zipCode: text('zip_code'),
    quantity: text('quantity'),
    seasonalNotes: text('seasonal_notes'),
    region: regionEnum('region'),
    /**
     * The words of the searched fields (spec §5 Search) and the post's filter values, kept by the
     * database (docs/decisions/0071): title, description, place, seasonal notes and quantity each
     * parsed on its own, with a gap between them so a phrase never spans two fields (0035), then
     * tags for type, status, region and amount words that no search can type. The place is what a
     * guest is shown of it (DECISIONS 24, docs/decisions/0106): the whole address of an exact
     * location, else only its area (SQL post_area_of, as areaOf), never the street.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`post_search_document(title, description, CASE WHEN exact_location THEN address ELSE post_area_of(address, region) END, seasonal_notes, quantity, type, status, region)`,
      ),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Hidden by members' reports until an admin reviews it, or removed by an admin (issue 19): in no list, map or total. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: postHiddenReasonEnum('hidden_reason'),
    /** Its owner is suspended (issue 19): out of every list, map and total like a hidden post, until lifted. */
    ownerSuspended: boolean('owner_suspended').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_type_created_idx').on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_user_idx').on(t.userId),
    // The posts a lifted suspension lists again.
    index('posts_owner_suspended_idx').on(t.userId).where(sql`${t.ownerSuspended}`),
    // Search keys (docs/decisions/0071): word prefixes by type, filter combinations and map cells.
    // A short pending list (docs/decisions/0097): every search reads all of it.
    index('posts_search_keys_idx')
      .using('gin', sql`search_keys(${t.searchVector}, ${t.publicLatitude}, ${t.publicLongitude})`)
      .with({ gin_pending_list_limit: 256 }),
    // Nearest first and within a distance (docs/decisions/0089): the public point as earthdistance's
    // point (SQL post_earth, migration 0015). Neither point index is partial: a partial index's
    // predicate alone would let the planner AND its whole bitmap into a search's.
    index('posts_public_earth_idx').using('gist', sql`post_earth(${t.publicLatitude}, ${t.publicLongitude})`),
    // Boxes of the map (docs/decisions/0030): posts in a view or in one grid cell.
    index('posts_public_point_idx').using('gist', sql`point(${t.publicLongitude}, ${t.publicLatitude})`),
    // Whether a post names a stored key (docs/decisions/0119): the sweep of files no post names asks
    // for a thousand keys at a time. Posts without a photo are left out. No pending list: every
    // lookup would read all of it (0097), and a post adds two keys.
    index('posts_image_keys_idx')
      .using('gin', t.imageKeys)
      .with({ fastupdate: false })
      .where(sql`${t.imageKeys} IS NOT NULL`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('favorites_post_idx').on(t.postId)],
);

/**
 * The posts a viewer without full access saw in full on a day (DECISIONS 29, docs/decisions/0076):
 * `viewer` is `s:<guest session id>` or `a:<network address>`. Kept two days, for the daily budget.
 */
export const previewViews = pgTable(
  'preview_views',
  {
    day: date('day').notNull(),
    viewer: text('viewer').notNull(),
    postId: uuid('post_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.viewer, t.postId] })],
);
