CREATE TABLE "post_counts" (
	"type" "post_type" NOT NULL,
	"status" "post_status" NOT NULL,
	"region" "region",
	"amount" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "post_counts_key" UNIQUE NULLS NOT DISTINCT("type","status","region","amount")
);
--> statement-breakpoint
-- Takes the `removed` posts out of post_counts and puts the `added` ones in (docs/decisions/0022).
-- One statement upserts each row once, in key order, so concurrent writers cannot deadlock.
CREATE OR REPLACE FUNCTION post_counts_add(removed posts[], added posts[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO post_counts AS c (type, status, region, amount, n)
  SELECT r.type, r.status, r.region, post_amount_mask(r.quantity), sum(r.sgn)
  FROM (SELECT o.*, -1 AS sgn FROM unnest(removed) AS o UNION ALL SELECT a.*, 1 AS sgn FROM unnest(added) AS a) AS r
  GROUP BY 1, 2, 3, 4
  HAVING sum(r.sgn) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT post_counts_key DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
-- Statement-level, like map_cells_track: a batch insert updates each row once per statement.
CREATE OR REPLACE FUNCTION post_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM post_counts_add('{}', ARRAY(SELECT r::posts FROM new_rows AS r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM post_counts_add(ARRAY(SELECT r::posts FROM old_rows AS r), '{}');
  ELSE
    -- Only posts whose filter values changed move between rows.
    PERFORM post_counts_add(
      ARRAY(SELECT o::posts FROM old_rows AS o JOIN new_rows AS n USING (id)
            WHERE (o.type, o.status, o.region, post_amount_mask(o.quantity)) IS DISTINCT FROM (n.type, n.status, n.region, post_amount_mask(n.quantity))),
      ARRAY(SELECT n::posts FROM old_rows AS o JOIN new_rows AS n USING (id)
            WHERE (o.type, o.status, o.region, post_amount_mask(o.quantity)) IS DISTINCT FROM (n.type, n.status, n.region, post_amount_mask(n.quantity))));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE post_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_post_counts_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_counts_track();
--> statement-breakpoint
CREATE TRIGGER posts_post_counts_update AFTER UPDATE ON posts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_counts_track();
--> statement-breakpoint
CREATE TRIGGER posts_post_counts_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_counts_track();
--> statement-breakpoint
CREATE TRIGGER posts_post_counts_truncate AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION post_counts_clear();
--> statement-breakpoint
-- Recounts post_counts from posts. The seed calls it after a bulk load with the triggers off.
CREATE OR REPLACE FUNCTION post_counts_rebuild() RETURNS void
LANGUAGE sql AS $$
  TRUNCATE post_counts;
  INSERT INTO post_counts (type, status, region, amount, n)
    SELECT type, status, region, post_amount_mask(quantity), count(*) FROM posts GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
SELECT post_counts_rebuild();
