-- The town of an address no longer takes its tail for the place (docs/decisions/0130): in
-- '12 Maple St, Toronto, ON M4C 1A1' the area was 'ON M4C 1A1', a postal code that locates a home
-- within a few dozen doors, shown to guests and searchable in an approximate post's document, and
-- 'ON' counted as a popular area. post_town now sets the tail of province, postal code and country
-- aside, takes a postal code off the town's part, and gives no town that starts with a number (a
-- street's); the same patterns as townOf (src/domain/address-town.ts), case-insensitive. Standard
-- SQL bodies, so their names are bound now (0024).
CREATE OR REPLACE FUNCTION post_town(address text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN nullif(regexp_replace(regexp_replace(regexp_replace(
    substring(regexp_replace(address,
      '(?:,[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*(?:(?:(?:[a-z]{2}|ontario|qu[eéÉ]bec|british columbia|alberta|saskatchewan|manitoba|nova scotia|new brunswick|newfoundland(?: and labrador)?|prince edward island|yukon|northwest territories|nunavut)(?:[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+(?:[a-z][0-9][a-z](?:[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*[0-9][a-z][0-9])?|[0-9]{5}(?:-[0-9]{4})?))?|[a-z][0-9][a-z](?:[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*[0-9][a-z][0-9])?|[0-9]{5}(?:-[0-9]{4})?|canada|usa|u\.s\.a\.|united states(?: of america)?)[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*)?)+$',
      '', 'i') FROM ',([^,]*)$'),
    '^[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g'),
  '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+(?:(?:[a-z]{2}|ontario|qu[eéÉ]bec|british columbia|alberta|saskatchewan|manitoba|nova scotia|new brunswick|newfoundland(?: and labrador)?|prince edward island|yukon|northwest territories|nunavut)[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+)?(?:[a-z][0-9][a-z](?:[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*[0-9][a-z][0-9])?|[0-9]{5}(?:-[0-9]{4})?)$',
  '', 'i'),
  '^[0-9].*', ''), '');
--> statement-breakpoint
-- The area as areaOf gives it: the town, else the region's name, else ''.
CREATE OR REPLACE FUNCTION post_area_of(address text, region region) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(
  post_town(address),
  CASE region WHEN 'muskoka' THEN 'Muskoka' WHEN 'kawartha' THEN 'Kawartha Lakes' WHEN 'haliburton' THEN 'Haliburton'
              WHEN 'scarborough' THEN 'Scarborough' WHEN 'toronto' THEN 'Toronto' END,
  '');
--> statement-breakpoint
-- The popular areas counted again by the new towns.
SELECT area_days_rebuild();
--> statement-breakpoint
-- The search document again with the new area, as 0024 did: PostgreSQL 15 cannot recompute a
-- generated column in place. Dropping it drops the search index; adding it rewrites the table once.
ALTER TABLE "posts" DROP COLUMN "search_vector",
  ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (post_search_document(title, description, CASE WHEN exact_location THEN address ELSE post_area_of(address, region) END, seasonal_notes, quantity, type, status, region)) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "posts_search_keys_idx" ON "posts" USING gin (search_keys("search_vector", "public_latitude", "public_longitude")) WITH (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "posts_search_keys_idx" ALTER COLUMN 1 SET STATISTICS 400;
--> statement-breakpoint
-- The kept words as the new documents give them: no postal code of an approximate post is left.
SELECT word_cells_rebuild();
--> statement-breakpoint
ANALYZE "posts";
--> statement-breakpoint
ANALYZE "word_cells";
