-- Counts per word, type and map cell (docs/decisions/0095): a map search for one word sums these
-- rows instead of reading every matching post (a common word within 10 miles of Toronto matched
-- about 50,000 posts at 1M: 300-400 ms of PostgreSQL per view). Keep WORD_CELLS_LEVEL
-- (src/server/db/schema/map.ts) in step with the level 15 below.
CREATE TABLE "word_cells" (
	"word" text COLLATE "C" NOT NULL,
	"type" "post_type" NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"n" integer NOT NULL,
	"sum_lat" double precision NOT NULL,
	"sum_lng" double precision NOT NULL,
	CONSTRAINT "word_cells_key" PRIMARY KEY("word","type","cx","cy")
);
--> statement-breakpoint
-- The rows of word_cells a post counts in: each word of its search document (every lexeme but the
-- '~' gap and the '~' filter tags), with its type and its public point's cell at level 15; none
-- for a post without a point or that anyone may not see on the map (hidden, owner suspended), as
-- map_cells. The triggers and the rebuild both count through it. Inlined by the planner.
CREATE OR REPLACE FUNCTION post_word_cells(p posts) RETURNS TABLE (word text, type post_type, cx int, cy int)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT l.lexeme, p.type, map_cell_x(p.public_longitude, 15), map_cell_y(p.public_latitude, 15)
  FROM unnest(p.search_vector) AS l
  WHERE p.public_latitude IS NOT NULL AND p.public_longitude IS NOT NULL AND p.hidden_at IS NULL
    AND NOT p.owner_suspended AND left(l.lexeme, 1) <> '~'
$$;
--> statement-breakpoint
-- Takes the `removed` posts out of word_cells and puts the `added` ones in. One statement upserts
-- each row once, in key order, so concurrent writers lock rows in the same order and cannot deadlock.
CREATE OR REPLACE FUNCTION word_cells_add(removed posts[], added posts[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO word_cells AS w (word, type, cx, cy, n, sum_lat, sum_lng)
  SELECT k.word, k.type, k.cx, k.cy, sum(r.sgn), sum(r.sgn * (r.p).public_latitude), sum(r.sgn * (r.p).public_longitude)
  FROM (SELECT o, -1 AS sgn FROM unnest(removed) AS o UNION ALL SELECT a, 1 AS sgn FROM unnest(added) AS a) AS r (p, sgn)
  CROSS JOIN LATERAL post_word_cells(r.p) AS k
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT word_cells_key DO UPDATE SET
    n = w.n + excluded.n,
    sum_lat = CASE WHEN w.n + excluded.n = 0 THEN 0 ELSE w.sum_lat + excluded.sum_lat END,
    sum_lng = CASE WHEN w.n + excluded.n = 0 THEN 0 ELSE w.sum_lng + excluded.sum_lng END
$$;
--> statement-breakpoint
-- Statement-level, like map_cells_track: a batch insert updates each row once per statement.
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
    WHERE (o.title, o.description, o.address, o.seasonal_notes, o.quantity, o.type, o.public_latitude,
           o.public_longitude, o.hidden_at IS NULL, o.owner_suspended)
          IS DISTINCT FROM (n.title, n.description, n.address, n.seasonal_notes, n.quantity, n.type, n.public_latitude,
           n.public_longitude, n.hidden_at IS NULL, n.owner_suspended);
    PERFORM word_cells_add(removed, added);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION word_cells_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE word_cells;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_word_cells_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION word_cells_track();
--> statement-breakpoint
CREATE TRIGGER posts_word_cells_update AFTER UPDATE ON posts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION word_cells_track();
--> statement-breakpoint
CREATE TRIGGER posts_word_cells_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION word_cells_track();
--> statement-breakpoint
CREATE TRIGGER posts_word_cells_truncate AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION word_cells_clear();
--> statement-breakpoint
-- Recounts word_cells from posts. The seed calls it after a bulk load with the triggers off.
CREATE OR REPLACE FUNCTION word_cells_rebuild() RETURNS void
LANGUAGE sql AS $$
  TRUNCATE word_cells;
  INSERT INTO word_cells (word, type, cx, cy, n, sum_lat, sum_lng)
    SELECT k.word, k.type, k.cx, k.cy, count(*), sum(p.public_latitude), sum(p.public_longitude)
    FROM posts AS p CROSS JOIN LATERAL post_word_cells(p) AS k
    GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
SELECT word_cells_rebuild();
