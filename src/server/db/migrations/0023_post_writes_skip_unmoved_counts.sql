-- A post write touches only the counted rows it changes (docs/decisions/0105). A status change
-- moved its post between map_cells' full-grain rows but also upserted +0 into its type and cell
-- rows at every level (34 of 68 rows), and the update triggers of area_days and word_cells called
-- their upsert with nothing to move: about a third of a status change's time in PostgreSQL.
-- Same as 0013's map_cells_add, but groups whose count and point sums do not change are not written.
CREATE OR REPLACE FUNCTION map_cells_add(removed posts[], added posts[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO map_cells AS m (level, grain, cx, cy, type, status, region, amount, n, sum_lat, sum_lng)
  SELECT level, GROUPING(type, status, region, amount), cx, cy, type, status, region, amount,
         sum(sgn), sum(sgn * lat), sum(sgn * lng)
  FROM (
    SELECT l.level, d.cx >> (18 - l.level) AS cx, d.cy >> (18 - l.level) AS cy, d.type, d.status, d.region, d.amount,
           d.sgn, d.lat, d.lng
    FROM (
      SELECT map_cell_x(r.public_longitude, 18) AS cx, map_cell_y(r.public_latitude, 18) AS cy, r.type, r.status,
             r.region, post_amount_mask(r.quantity) AS amount, r.sgn, r.public_latitude AS lat, r.public_longitude AS lng
      FROM (SELECT o.*, -1 AS sgn FROM unnest(removed) AS o UNION ALL SELECT a.*, 1 AS sgn FROM unnest(added) AS a) AS r
      WHERE r.public_latitude IS NOT NULL AND r.public_longitude IS NOT NULL AND r.hidden_at IS NULL AND NOT r.owner_suspended
    ) AS d
    CROSS JOIN generate_series(2, 18) AS l(level)
  ) AS e
  GROUP BY GROUPING SETS ((level, cx, cy, type, status, region, amount), (level, cx, cy, type), (level, cx, cy))
  HAVING sum(sgn) <> 0 OR sum(sgn * lat) <> 0 OR sum(sgn * lng) <> 0
  ORDER BY 1, 2, 5, 3, 4, 6, 7, 8
  ON CONFLICT ON CONSTRAINT map_cells_key DO UPDATE SET
    n = m.n + excluded.n,
    sum_lat = CASE WHEN m.n + excluded.n = 0 THEN 0 ELSE m.sum_lat + excluded.sum_lat END,
    sum_lng = CASE WHEN m.n + excluded.n = 0 THEN 0 ELSE m.sum_lng + excluded.sum_lng END
$$;
--> statement-breakpoint
-- The update triggers below pair the rows that moved in one join and call their upsert only when
-- some did, each with the columns it already compared (0004, 0013, 0016, 0018); inserts and deletes
-- are as before.
CREATE OR REPLACE FUNCTION map_cells_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  removed posts[];
  added posts[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM map_cells_add('{}', ARRAY(SELECT r::posts FROM new_rows AS r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM map_cells_add(ARRAY(SELECT r::posts FROM old_rows AS r), '{}');
  ELSE
    -- Only posts whose point or filter values changed move between cells.
    SELECT coalesce(array_agg(o::posts), '{}'), coalesce(array_agg(n::posts), '{}') INTO removed, added
    FROM old_rows AS o JOIN new_rows AS n USING (id) WHERE map_cells_moved(o::posts, n::posts);
    IF cardinality(removed) > 0 THEN
      PERFORM map_cells_add(removed, added);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  removed posts[];
  added posts[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM post_counts_add('{}', ARRAY(SELECT r::posts FROM new_rows AS r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM post_counts_add(ARRAY(SELECT r::posts FROM old_rows AS r), '{}');
  ELSE
    -- Only posts whose filter values or visibility changed move between rows.
    SELECT coalesce(array_agg(o::posts), '{}'), coalesce(array_agg(n::posts), '{}') INTO removed, added
    FROM old_rows AS o JOIN new_rows AS n USING (id)
    WHERE (o.type, o.status, o.region, post_amount_mask(o.quantity), o.hidden_at IS NULL AND NOT o.owner_suspended)
      IS DISTINCT FROM (n.type, n.status, n.region, post_amount_mask(n.quantity), n.hidden_at IS NULL AND NOT n.owner_suspended);
    IF cardinality(removed) > 0 THEN
      PERFORM post_counts_add(removed, added);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
    -- Only posts whose day, place or visibility changed move between rows.
    SELECT coalesce(array_agg(o::posts), '{}'), coalesce(array_agg(n::posts), '{}') INTO removed, added
    FROM old_rows AS o JOIN new_rows AS n USING (id)
    WHERE (o.created_at, o.address, o.region, o.hidden_at IS NULL, o.owner_suspended)
          IS DISTINCT FROM (n.created_at, n.address, n.region, n.hidden_at IS NULL, n.owner_suspended);
    IF cardinality(removed) > 0 THEN
      PERFORM area_days_add(removed, added);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
    IF cardinality(removed) > 0 THEN
      PERFORM word_cells_add(removed, added);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
