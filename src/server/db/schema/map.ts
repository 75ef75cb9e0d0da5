import { doublePrecision, integer, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { postStatusEnum, postTypeEnum, regionEnum } from './posts';

/**
 * Post counts per map grid cell (docs/decisions/0030), kept by triggers on `posts` (migration
 * 0004) for grid levels 2..18 (zoom 0..16). Each cell has rows at three grains:
 * 0 = per type, status, region and amount words (any filter combination of the map),
 * 7 = per type only (the home map's tab, with no other filter), 15 = all posts.
 * Columns a grain sums over are NULL. Rows whose count falls to 0 stay; readers skip them.
 */
export const mapCells = pgTable(
  'map_cells',
  {
    level: smallint('level').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    grain: smallint('grain').notNull(),
    type: postTypeEnum('type'),
    status: postStatusEnum('status'),
    region: regionEnum('region'),
    /** Amount words in the quantity: 1 small/few, 2 medium/some, 4 large/lots/plenty. */
    amount: smallint('amount'),
    n: integer('n').notNull(),
    sumLat: doublePrecision('sum_lat').notNull(),
    sumLng: doublePrecision('sum_lng').notNull(),
  },
  (t) => [
    unique('map_cells_key')
      .on(t.level, t.grain, t.type, t.cx, t.cy, t.status, t.region, t.amount)
      .nullsNotDistinct(),
  ],
);

/**
 * The number of posts per type, status, region and amount words, coordinates or not
 * (docs/decisions/0022), kept by the same triggers as map_cells (migration 0005). The list's
 * totals without a search or a distance are sums of these few rows.
 */
export const postCounts = pgTable(
  'post_counts',
  {
    type: postTypeEnum('type').notNull(),
    status: postStatusEnum('status').notNull(),
    region: regionEnum('region'),
    /** As map_cells.amount: 1 small/few, 2 medium/some, 4 large/lots/plenty. */
    amount: smallint('amount').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [unique('post_counts_key').on(t.type, t.status, t.region, t.amount).nullsNotDistinct()],
);

/** The grid level of word_cells' cells: about 1.2 km wide (900 m in Toronto), zoom 13's. */
export const WORD_CELLS_LEVEL = 15;

/**
 * Post counts per word of the search document, type and map grid cell at WORD_CELLS_LEVEL
 * (docs/decisions/0095), kept by triggers on `posts` (migration 0018) as map_cells is, for the posts
 * anyone may see on the map. A map search for one word reads its counts here rather than every
 * matching post. `word` sorts byte by byte (COLLATE "C"), so the words beginning with a search
 * are one range of the key. A row whose count falls to 0 is deleted (migration 0019). The key
 * carries the counts (INCLUDE n, sum_lat, sum_lng, migration 0020: drizzle's primaryKey cannot say
 * so), so a word's rows are read from the index alone.
 */
export const wordCells = pgTable(
  'word_cells',
  {
    word: text('word').notNull(),
    type: postTypeEnum('type').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    n: integer('n').notNull(),
    sumLat: doublePrecision('sum_lat').notNull(),
    sumLng: doublePrecision('sum_lng').notNull(),
  },
  (t) => [primaryKey({ name: 'word_cells_key', columns: [t.word, t.type, t.cx, t.cy] })],
);
