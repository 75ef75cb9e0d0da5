-- The planner's estimate of a search's matches decides whether its page walks the newest posts or
-- reads every match from the search index (docs/decisions/0071, 0098). At the default statistics
-- target it keeps the 1,000 commonest of the index's keys, down to about 3 % of the posts: a word in
-- its type ('logs|firewood', 2.5 % at 1M posts) fell below them and was guessed at 0.5 % (5,000
-- posts against 24,869). At 400 it keeps 4,000, down to about 0.2 %, and the estimates of the
-- benchmark's item words with their filters came within 10 %. ANALYZE samples 120,000 rows instead
-- of 30,000: about 22 s at 1M posts against 6 s, once here and then in the background.
ALTER INDEX "posts_search_keys_idx" ALTER COLUMN 1 SET STATISTICS 400;--> statement-breakpoint
ANALYZE "posts";
