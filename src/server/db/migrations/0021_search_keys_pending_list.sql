-- The search index's pending list kept short (docs/decisions/0097): every search reads the whole of
-- it, and at the default 4 MB (about 490 pages, 2,000 posts written) a rare word's index scan took
-- 4.0 ms against 1.7 ms at 1M posts. At 256 kB (about 30 pages) the search pays ~0.15 ms at most,
-- and a post's write about 0.25 ms more. The same setting as the schema's, without rebuilding the index.
ALTER INDEX "posts_search_keys_idx" SET (gin_pending_list_limit = 256);
