-- The public point's indexes (docs/decisions/0089).
-- post_earth: earthdistance's point for a latitude and longitude, worked out as ll_to_earth does
-- (the same operations in the same order, so the same coordinates to the last bit), as a plain
-- cube: ll_to_earth's `earth` domain checks its value with three function calls, about 6 µs a row,
-- paid by every nearest-first order and sort key. Not STRICT, so the planner inlines it (a NULL
-- latitude still gives NULL: cube() is strict).
-- Neither index is partial any more: with a partial index, any condition on the point proved its
-- predicate, and the planner ANDed the index's whole bitmap (about 950,000 rows at 1M posts,
-- 257 ms) into a search's. Both are rebuilt here: about a minute at 1M posts.
CREATE OR REPLACE FUNCTION post_earth(lat float8, lng float8) RETURNS cube
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN cube(cube(cube(earth() * cos(radians(lat)) * cos(radians(lng))), earth() * cos(radians(lat)) * sin(radians(lng))), earth() * sin(radians(lat)));
--> statement-breakpoint
DROP INDEX "posts_public_earth_idx";--> statement-breakpoint
DROP INDEX "posts_public_point_idx";--> statement-breakpoint
CREATE INDEX "posts_public_earth_idx" ON "posts" USING gist (post_earth("public_latitude", "public_longitude"));--> statement-breakpoint
CREATE INDEX "posts_public_point_idx" ON "posts" USING gist (point("public_longitude", "public_latitude"));