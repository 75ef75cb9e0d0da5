CREATE TABLE "area_days" (
	"day" date NOT NULL,
	"town" text,
	"region" "region",
	"n" integer NOT NULL,
	CONSTRAINT "area_days_key" UNIQUE NULLS NOT DISTINCT("day","town","region")
);
--> statement-breakpoint
-- The town of an address: what follows its last comma (as a guest is shown of an approximate
-- post), or NULL. The popular areas count posts by it (docs/decisions/0086, 0091).
CREATE OR REPLACE FUNCTION post_town(address text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN nullif(trim(substring(address FROM ',([^,]*)$')), '');
--> statement-breakpoint
-- Where a post counts in area_days: its UTC day and its town, else its region (town NULL then);
-- no row for a post that anyone may not see listed (hidden, owner suspended) or that has neither.
-- The triggers and the rebuild both count through it. Inlined by the planner (SQL, IMMUTABLE).
CREATE OR REPLACE FUNCTION post_area(p posts) RETURNS TABLE (day date, town text, region region)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (p.created_at AT TIME ZONE 'UTC')::date, post_town(p.address), CASE WHEN post_town(p.address) IS NULL THEN p.region END
  WHERE p.hidden_at IS NULL AND NOT p.owner_suspended AND (post_town(p.address) IS NOT NULL OR p.region IS NOT NULL)
$$;
--> statement-breakpoint
-- Takes the `removed` posts out of area_days and puts the `added` ones in. One statement upserts
-- each row once, in key order, so concurrent writers cannot deadlock.
CREATE OR REPLACE FUNCTION area_days_add(removed posts[], added posts[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO area_days AS c (day, town, region, n)
  SELECT k.day, k.town, k.region, sum(r.sgn)
  FROM (SELECT o, -1 AS sgn FROM unnest(removed) AS o UNION ALL SELECT a, 1 AS sgn FROM unnest(added) AS a) AS r (p, sgn)
  CROSS JOIN LATERAL post_area(r.p) AS k
  GROUP BY 1, 2, 3
  HAVING sum(r.sgn) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT area_days_key DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
-- Statement-level, like post_counts_track: a batch insert updates each row once per statement.
CREATE OR REPLACE FUNCTION area_days_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  removed posts[];
  added posts[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM area_days_add('{}', ARRAY(SELECT r::posts FROM new_rows AS r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM area_days_add(ARRAY(SELECT r::posts FROM old_rows AS r), '{}');
  ELSE
    -- Only posts whose day, place or visibility changed move between rows (one join for both sides).
    SELECT coalesce(array_agg(o::posts), '{}'), coalesce(array_agg(n::posts), '{}') INTO removed, added
    FROM old_rows AS o JOIN new_rows AS n USING (id)
    WHERE (o.created_at, o.address, o.region, o.hidden_at IS NULL, o.owner_suspended)
          IS DISTINCT FROM (n.created_at, n.address, n.region, n.hidden_at IS NULL, n.owner_suspended);
    PERFORM area_days_add(removed, added);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION area_days_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE area_days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_area_days_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION area_days_track();
--> statement-breakpoint
CREATE TRIGGER posts_area_days_update AFTER UPDATE ON posts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION area_days_track();
--> statement-breakpoint
CREATE TRIGGER posts_area_days_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION area_days_track();
--> statement-breakpoint
CREATE TRIGGER posts_area_days_truncate AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION area_days_clear();
--> statement-breakpoint
-- Recounts area_days from posts. The seed calls it after a bulk load with the triggers off.
CREATE OR REPLACE FUNCTION area_days_rebuild() RETURNS void
LANGUAGE sql AS $$
  TRUNCATE area_days;
  INSERT INTO area_days (day, town, region, n)
    SELECT k.day, k.town, k.region, count(*) FROM posts AS p CROSS JOIN LATERAL post_area(p) AS k GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT area_days_rebuild();
