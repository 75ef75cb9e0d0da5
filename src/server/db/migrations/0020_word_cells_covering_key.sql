-- word_cells' key carries the counts (docs/decisions/0095): a map search for one word reads its rows
-- in the circle's box from the index alone. Read from the table they were ~1,300 rows on as many
-- pages for "kindling" within 10 miles at 1M posts (4 ms); from the index, about 40 pages (1.5 ms).
-- One index still: its rows' updates were rarely HOT anyway (the rebuilt table's pages are full), and
-- 100 post inserts took 489-522 ms with it against 455-503 ms without.
ALTER TABLE "word_cells" DROP CONSTRAINT "word_cells_key";--> statement-breakpoint
ALTER TABLE "word_cells" ADD CONSTRAINT "word_cells_key" PRIMARY KEY ("word", "type", "cx", "cy") INCLUDE ("n", "sum_lat", "sum_lng");--> statement-breakpoint
-- The index alone answers only for pages the visibility map marks all-visible: every post written
-- clears the pages of its words' rows (about 24 of them), so the table is vacuumed once 1 % of its
-- rows changed: about 1,250 posts at 1M (the default 20 % waits for about 25,000).
ALTER TABLE "word_cells" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
