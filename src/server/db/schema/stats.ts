import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { posts, regionEnum } from './posts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Views counted once per viewer, post and day (DECISIONS 27; docs/decisions/0086): a viewer is a
 * member (`u:<id>`) or, for a guest, a keyed hash of address and browser under the day's salt
 * (`g:<hash>`), as Plausible counts; raw addresses are never stored. Kept two days.
 */
export const viewMarks = pgTable(
  'view_marks',
  {
    day: date('day').notNull(),
    viewer: text('viewer').notNull(),
    postId: uuid('post_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.viewer, t.postId] })],
);

/** The day's salt for guests' viewer hashes: the same on every instance, dropped after two days. */
export const viewSalts = pgTable('view_salts', {
  day: date('day').primaryKey(),
  salt: bytea('salt').notNull(),
});

/** Views of a post in 5-minute buckets, kept 8 days (the analytics ranges of spec §9). */
export const postViews = pgTable(
  'post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.bucket] }), index('post_views_bucket_idx').on(t.bucket)],
);

/** Views of a post a day: what stays. */
export const postViewDays = pgTable(
  'post_view_days',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day] }), index('post_view_days_day_idx').on(t.day)],
);

/** Searches a day by term and region: no viewer, no address (DECISIONS 27). */
export const searchTerms = pgTable(
  'search_terms',
  {
    day: date('day').notNull(),
    term: text('term').notNull(),
    region: text('region').notNull(),
    searches: integer('searches').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.term, t.region] })],
);

/** The trending posts of each type, worked out at most once a minute by one instance. */
export const trendingPosts = pgTable(
  'trending_posts',
  {
    type: text('type').notNull(),
    rank: integer('rank').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    views: integer('views').notNull(),
    score: doublePrecision('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.rank] })],
);

/**
 * How many posts anyone may see listed were shared each day (UTC) in each area: the address's town
 * (post_town, docs/decisions/0130), else the post's region (then `town` is null). Kept by triggers on posts, as
 * post_counts is (migration 0016, docs/decisions/0091), so the popular areas are read from a few
 * hundred rows at any size.
 */
export const areaDays = pgTable(
  'area_days',
  {
    day: date('day').notNull(),
    town: text('town'),
    region: regionEnum('region'),
    n: integer('n').notNull(),
  },
  (t) => [unique('area_days_key').on(t.day, t.town, t.region).nullsNotDistinct()],
);

/** The popular areas, worked out with the trending posts. */
export const popularAreas = pgTable('popular_areas', {
  rank: integer('rank').primaryKey(),
  area: text('area').notNull(),
  posts: integer('posts').notNull(),
});

/** When the trending posts and popular areas were last worked out (one row). */
export const figuresRefreshed = pgTable('figures_refreshed', {
  id: integer('id').primaryKey().default(1),
  at: timestamp('at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
