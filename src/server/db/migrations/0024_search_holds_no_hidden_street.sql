-- A post's search document holds no street a guest is not shown (DECISIONS 24, docs/decisions/0106).
-- The address was searched for every viewer, so a guest could learn the street and house number of
-- an approximate-location post from which searches found it (the list's X-Total-Count and cards,
-- the map's counts, word_cells). The place in the document is now what a guest sees of it: the
-- whole address of an exact location, only the area of an approximate one, for every viewer.

-- The area of an address, as a guest is shown an approximate post's place: the part after its last
-- comma, trimmed of what JavaScript's trim() takes away, else the region's name, else ''. Keep in
-- step with areaOf and REGION_LABELS (src/domain/post-values.ts). post_town (0016) trims spaces only
-- and has no region: it counts the popular areas and stays as it is. A standard SQL body, so its
-- names are bound now, whatever search_path the table's rewrite runs with.
CREATE OR REPLACE FUNCTION post_area_of(address text, region region) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(
  nullif(regexp_replace(substring(address FROM ',([^,]*)$'),
    '^[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g'), ''),
  CASE region WHEN 'muskoka' THEN 'Muskoka' WHEN 'kawartha' THEN 'Kawartha Lakes' WHEN 'haliburton' THEN 'Haliburton'
              WHEN 'scarborough' THEN 'Scarborough' WHEN 'toronto' THEN 'Toronto' END,
  '');
--> statement-breakpoint
-- The column again with its new expression, in one statement: PostgreSQL 15 cannot change a
-- generated column's expression in place (SET EXPRESSION is 17+, 0035). Dropping it drops the
-- search index on it; adding it rewrites the table once (and rebuilds its other indexes), as 0006
-- and 0007 did. search_vector becomes the last column again; code names its columns.
ALTER TABLE "posts" DROP COLUMN "search_vector",
  ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (post_search_document(title, description, CASE WHEN exact_location THEN address ELSE post_area_of(address, region) END, seasonal_notes, quantity, type, status, region)) STORED NOT NULL;
--> statement-breakpoint
-- The search index as 0007, 0021 and 0022 left it: its short pending list (0097) and the
-- statistics of 4,000 keys (0098).
CREATE INDEX "posts_search_keys_idx" ON "posts" USING gin (search_keys("search_vector", "public_latitude", "public_longitude")) WITH (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "posts_search_keys_idx" ALTER COLUMN 1 SET STATISTICS 400;
--> statement-breakpoint
-- word_cells counts the words of the documents: a post now moves between its rows when its exact
-- choice or its region changes too (the area of an address without a comma is the region's name).
-- Otherwise as 0023.
CREATE OR REPLACE FUNCTION word_cells_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  removed posts[];
  added posts[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM word_cells_add('{}', ARRAY(SELECT r::posts FROM new_rows AS r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM word_cells_add(ARRAY(SELECT r::posts FROM old_rows AS r), '{}');
  ELSE
    -- Only posts whose words, type, point or visibility changed move (a status change does not).
    SELECT coalesce(array_agg(o::posts), '{}'), coalesce(array_agg(n::posts), '{}') INTO removed, added
    FROM old_rows AS o JOIN new_rows AS n USING (id)
    WHERE (o.title, o.description, o.address, o.exact_location, o.region, o.seasonal_notes, o.quantity, o.type,
           o.public_latitude, o.public_longitude, o.hidden_at IS NULL, o.owner_suspended)
          IS DISTINCT FROM (n.title, n.description, n.address, n.exact_location, n.region, n.seasonal_notes, n.quantity, n.type,
           n.public_latitude, n.public_longitude, n.hidden_at IS NULL, n.owner_suspended);
    IF cardinality(removed) > 0 THEN
      PERFORM word_cells_add(removed, added);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The kept words as the new documents give them: the streets of approximate posts leave.
SELECT word_cells_rebuild();
--> statement-breakpoint
-- The planner's statistics of the new index (0098), and of the rebuilt word_cells.
ANALYZE "posts";
--> statement-breakpoint
ANALYZE "word_cells";
