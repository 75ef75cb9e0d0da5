-- A search matches within one field only (docs/decisions/0035): search_text joins the fields with
-- chr(31), U+001F, which no search can hold, instead of a space. pg_trgm reads both as a word
-- boundary, so the trigrams, and what the index finds, are the same. The column is dropped (its
-- trigram index with it) and added again, which rewrites the table and fills the column for every
-- post; then the index is built anew.
ALTER TABLE "posts" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(31) || description || chr(31) || address || chr(31) || coalesce(seasonal_notes, '') || chr(31) || coalesce(quantity, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_search_trgm_idx" ON "posts" USING gin ("search_text" gin_trgm_ops);
