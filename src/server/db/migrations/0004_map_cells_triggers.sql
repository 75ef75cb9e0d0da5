-- Map grid cells (docs/decisions/0030). A cell of grid level L is floor(web mercator x|y * 2^L);
-- levels 2..18 (zoom 0..16) are kept in map_cells. Keep in step with src/domain/map.ts
-- (mercatorX/mercatorY) and MAP_CELLS_MAX_ZOOM in src/server/modules/posts/map/repository.ts.
-- No STRICT: simple SQL functions are inlined into the queries that use them.
CREATE OR REPLACE FUNCTION map_cell_x(lng float8, lvl int) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(greatest(floor((lng + 180) / 360 * (1::bigint << lvl)), 0), (1::bigint << lvl) - 1)::int
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION map_cell_y(lat float8, lvl int) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(greatest(floor((1 - asinh(tan(radians(least(greatest(lat, -85.0511287798066), 85.0511287798066)))) / pi()) / 2
    * (1::bigint << lvl)), 0), (1::bigint << lvl) - 1)::int
$$;
--> statement-breakpoint
-- The amount words of spec §5 found in a quantity, as bits: 1 small/few, 2 medium/some,
-- 4 large/lots/plenty (AMOUNT_WORDS in src/domain/posts.ts).
CREATE OR REPLACE FUNCTION post_amount_mask(quantity text) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN quantity ILIKE ANY (ARRAY['%small%', '%few%']) THEN 1 ELSE 0 END
        | CASE WHEN quantity ILIKE ANY (ARRAY['%medium%', '%some%']) THEN 2 ELSE 0 END
        | CASE WHEN quantity ILIKE ANY (ARRAY['%large%', '%lots%', '%plenty%']) THEN 4 ELSE 0 END)::smallint
$$;
--> statement-breakpoint
-- Takes the `removed` posts out of their cells and puts the `added` ones in, at every level and
-- grain (see src/server/db/schema/map.ts). The level-18 cell is computed once; coarser cells are
-- the same indexes shifted right (cells nest exactly). One statement upserts each row once, in
-- key order, so concurrent writers lock rows in the same order and cannot deadlock.
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
      WHERE r.public_latitude IS NOT NULL AND r.public_longitude IS NOT NULL
    ) AS d
    CROSS JOIN generate_series(2, 18) AS l(level)
  ) AS e
  GROUP BY GROUPING SETS ((level, cx, cy, type, status, region, amount), (level, cx, cy, type), (level, cx, cy))
  ORDER BY 1, 2, 5, 3, 4, 6, 7, 8
  ON CONFLICT ON CONSTRAINT map_cells_key DO UPDATE SET
    n = m.n + excluded.n,
    sum_lat = CASE WHEN m.n + excluded.n = 0 THEN 0 ELSE m.sum_lat + excluded.sum_lat END,
    sum_lng = CASE WHEN m.n + excluded.n = 0 THEN 0 ELSE m.sum_lng + excluded.sum_lng END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION map_cells_moved(o posts, n posts) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT (o.public_latitude, o.public_longitude, o.type, o.status, o.region, post_amount_mask(o.quantity))
    IS DISTINCT FROM (n.public_latitude, n.public_longitude, n.type, n.status, n.region, post_amount_mask(n.quantity))
$$;
--> statement-breakpoint
-- Statement-level, so a batch insert (the seed) updates each cell once per statement.
CREATE OR REPLACE FUNCTION map_cells_track() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM map_cells_add('{}', ARRAY(SELECT r::posts FROM new_rows AS r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM map_cells_add(ARRAY(SELECT r::posts FROM old_rows AS r), '{}');
  ELSE
    -- Only posts whose point or filter values changed move between cells.
    PERFORM map_cells_add(
      ARRAY(SELECT o::posts FROM old_rows AS o JOIN new_rows AS n USING (id) WHERE map_cells_moved(o::posts, n::posts)),
      ARRAY(SELECT n::posts FROM old_rows AS o JOIN new_rows AS n USING (id) WHERE map_cells_moved(o::posts, n::posts)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION map_cells_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE map_cells;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_map_cells_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION map_cells_track();
--> statement-breakpoint
CREATE TRIGGER posts_map_cells_update AFTER UPDATE ON posts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION map_cells_track();
--> statement-breakpoint
CREATE TRIGGER posts_map_cells_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION map_cells_track();
--> statement-breakpoint
CREATE TRIGGER posts_map_cells_truncate AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION map_cells_clear();
--> statement-breakpoint
-- Recounts every cell from posts: level 18 from the posts, each coarser level from the one below.
-- The seed calls it after a bulk load with the triggers off.
CREATE OR REPLACE FUNCTION map_cells_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE map_cells;
  INSERT INTO map_cells (level, grain, cx, cy, type, status, region, amount, n, sum_lat, sum_lng)
    SELECT 18, GROUPING(type, status, region, amount), cx, cy, type, status, region, amount, count(*), sum(lat), sum(lng)
    FROM (
      SELECT map_cell_x(public_longitude, 18) AS cx, map_cell_y(public_latitude, 18) AS cy, type, status, region,
             post_amount_mask(quantity) AS amount, public_latitude AS lat, public_longitude AS lng
      FROM posts WHERE public_latitude IS NOT NULL AND public_longitude IS NOT NULL
    ) AS d
    GROUP BY GROUPING SETS ((cx, cy, type, status, region, amount), (cx, cy, type), (cx, cy));
  FOR lvl IN REVERSE 17..2 LOOP
    INSERT INTO map_cells (level, grain, cx, cy, type, status, region, amount, n, sum_lat, sum_lng)
      SELECT lvl, grain, cx >> 1, cy >> 1, type, status, region, amount, sum(n), sum(sum_lat), sum(sum_lng)
      FROM map_cells WHERE level = lvl + 1 AND n <> 0
      GROUP BY grain, cx >> 1, cy >> 1, type, status, region, amount;
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT map_cells_rebuild();
