-- Search by words (docs/decisions/0071). Replaces the trigram LIKE over search_text (0006): each
-- searched field is parsed into words on its own, with a gap between fields so a phrase never spans
-- two of them (0035); a GIN index over "search keys" answers a search with its filters from one index.
-- Keep the tag names in step with src/server/modules/posts/search.ts. Functions name the schema of
-- the functions they call: PostgreSQL builds and maintains indexes with a search_path of its own.

-- A lexeme as tsvector and tsquery input write it: quoted, quotes doubled, backslashes escaped.
CREATE OR REPLACE FUNCTION search_quote(lexeme text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''''
$$;
--> statement-breakpoint
-- The searched fields, each parsed with the 'simple' configuration (lower-cased words, no
-- stemming, no stop words), joined by a '~' lexeme that takes one position, so words of two fields
-- are never adjacent; then tags without positions: ~t<type>, ~s<status>, ~r<region> (~rnone), and
-- ~a<word> for each amount word group the quantity holds (post_amount_mask). The parser never makes
-- a word that starts with '~', so no search can type a tag or the gap.
CREATE OR REPLACE FUNCTION post_search_document(
  title text, description text, address text, seasonal_notes text, quantity text,
  type post_type, status post_status, region region
) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple', title) || '''~'':1'::tsvector
      || to_tsvector('simple', description) || '''~'':1'::tsvector
      || to_tsvector('simple', address) || '''~'':1'::tsvector
      || to_tsvector('simple', coalesce(seasonal_notes, '')) || '''~'':1'::tsvector
      || to_tsvector('simple', coalesce(quantity, ''))
      || array_to_tsvector(array_remove(ARRAY[
           '~t' || CASE type WHEN 'fruit' THEN 'fruit' WHEN 'firewood' THEN 'firewood' ELSE 'skids' END,
           '~s' || CASE status WHEN 'available' THEN 'available' WHEN 'limited' THEN 'limited'
                               WHEN 'unavailable' THEN 'unavailable' ELSE 'seasonal' END,
           '~r' || CASE region WHEN 'muskoka' THEN 'muskoka' WHEN 'kawartha' THEN 'kawartha' WHEN 'haliburton' THEN 'haliburton'
                               WHEN 'scarborough' THEN 'scarborough' WHEN 'toronto' THEN 'toronto' ELSE 'none' END,
           CASE WHEN public.post_amount_mask(quantity) & 1 <> 0 THEN '~asmall' END,
           CASE WHEN public.post_amount_mask(quantity) & 2 <> 0 THEN '~amedium' END,
           CASE WHEN public.post_amount_mask(quantity) & 4 <> 0 THEN '~alarge' END
         ], NULL))
$$;
--> statement-breakpoint
-- The keys of the search index, from a post's search document and public point:
--   <prefix>|<type>  every beginning of each word, up to 20 letters, so a typed beginning of a word
--                    finds it with an exact key; the type is in the key;
--   ~<type>/<status>/<region>/<amount>  each combination of the post's filter values, '*' for "any";
--   ~g<level>.<x>.<y>  the post's map cell at grid levels 9, 11 and 13, for distances and map views.
-- One GIN index over them finds the posts of a search, its filters and its area by intersecting a
-- few posting lists, never rechecking the text.
CREATE OR REPLACE FUNCTION search_keys(doc tsvector, lat float8, lng float8) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH lexemes AS (SELECT lexeme FROM unnest(doc)),
  tags AS (
    SELECT max(substr(lexeme, 3)) FILTER (WHERE lexeme LIKE '~t%') AS t,
           max(substr(lexeme, 3)) FILTER (WHERE lexeme LIKE '~s%') AS s,
           max(substr(lexeme, 3)) FILTER (WHERE lexeme LIKE '~r%' AND lexeme <> '~rnone') AS r,
           array_agg(substr(lexeme, 3)) FILTER (WHERE lexeme LIKE '~a%') AS a
    FROM lexemes
  )
  SELECT array_to_tsvector(array_agg(DISTINCT k)) FROM (
    SELECT left(l.lexeme, n) || '|' || tags.t AS k
    FROM lexemes l, tags, generate_series(1, least(20, length(l.lexeme))) AS n
    WHERE left(l.lexeme, 1) <> '~'
    UNION ALL
    SELECT '~' || ct || '/' || cs || '/' || cr || '/' || ca
    FROM tags, unnest(ARRAY[tags.t, '*']) AS ct, unnest(ARRAY[tags.s, '*']) AS cs,
         unnest(array_remove(ARRAY[tags.r, '*'], NULL)) AS cr, unnest(coalesce(tags.a, '{}') || '*'::text) AS ca
    WHERE (ct, cs, cr, ca) <> ('*', '*', '*', '*')
    UNION ALL
    SELECT '~g' || level || '.' || public.map_cell_x(lng, level) || '.' || public.map_cell_y(lat, level)
    FROM unnest(ARRAY[9, 11, 13]) AS level
    WHERE lat IS NOT NULL AND lng IS NOT NULL
  ) AS keys
$$;
--> statement-breakpoint
-- Worked out for one row it costs far more than an index lookup: the planner must never choose to
-- compute it for every post of a sequential scan.
ALTER FUNCTION search_keys(tsvector, float8, float8) COST 10000;
--> statement-breakpoint
-- A search as a phrase over a search document: its words in order, each the beginning of a word
-- (as search_keys indexes them). NULL when the text holds no word.
CREATE OR REPLACE FUNCTION search_phrase(q text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(public.search_quote(u.lexeme) || ':*', ' <-> ' ORDER BY p)::tsquery
  FROM unnest(to_tsvector('simple', q)) AS u, unnest(u.positions) AS p
$$;
--> statement-breakpoint
-- A search as keys of search_keys: each word (its first 20 letters) in one of `types`, and every
-- one of `tags` (a filter combination; map cells joined by ' | '). NULL when the text holds no word.
CREATE OR REPLACE FUNCTION search_keys_query(q text, types text[], tags text[]) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (string_agg('(' || (SELECT string_agg(public.search_quote(left(u.lexeme, 20) || '|' || t), ' | ') FROM unnest(types) AS t) || ')', ' & ')
          || coalesce((SELECT string_agg(' & (' || tag || ')', '') FROM unnest(tags) AS tag), ''))::tsquery
  FROM unnest(to_tsvector('simple', q)) AS u
$$;
--> statement-breakpoint
DROP INDEX "posts_status_idx";--> statement-breakpoint
DROP INDEX "posts_region_idx";--> statement-breakpoint
DROP INDEX "posts_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (post_search_document(title, description, address, seasonal_notes, quantity, type, status, region)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_search_keys_idx" ON "posts" USING gin (search_keys("search_vector", "public_latitude", "public_longitude"));--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "search_text";