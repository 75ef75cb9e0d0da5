-- A search finds a word's plural and singular alike (docs/decisions/0141): each searched word is
-- first cut to what its singular and plural begin with, and matched as a beginning, as before
-- (0071). The search index is unchanged: it keys every beginning of every word already. The map's
-- kept counts of a word are recounted under the cut words (below).
-- Keep search_word in step with searchWord in src/server/modules/posts/search.ts.

-- The beginning a search for `word` asks for: English plural endings taken off a word of ASCII
-- letters ('cherries' and 'cherry' ask for 'cherr', 'peaches' for 'peach', 'apples' for 'apple');
-- any other word (digits, accents, hyphens) as it is. Nothing shorter than three letters is left.
CREATE OR REPLACE FUNCTION search_word(word text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN word !~ '^[a-z]+$' THEN word
    WHEN length(word) >= 6 AND word ~ 'ies$' THEN left(word, -3)
    WHEN length(word) >= 4 AND word ~ '[^aeiou]y$' THEN left(word, -1)
    WHEN length(word) >= 6 AND word ~ 'oes$' THEN left(word, -2)
    WHEN length(word) >= 5 AND word ~ '(ch|sh|ss|x|z)es$' THEN left(word, -2)
    WHEN length(word) >= 4 AND word ~ '[^su]s$' THEN left(word, -1)
    ELSE word
  END
$$;
--> statement-breakpoint
-- A search as a phrase over a search document: its words in order, each the beginning of a word
-- (as search_keys indexes them), plurals cut by search_word. NULL when the text holds no word.
CREATE OR REPLACE FUNCTION search_phrase(q text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(public.search_quote(public.search_word(u.lexeme)) || ':*', ' <-> ' ORDER BY p)::tsquery
  FROM unnest(to_tsvector('simple', q)) AS u, unnest(u.positions) AS p
$$;
--> statement-breakpoint
-- A search as keys of search_keys: each word (cut by search_word, then its first 20 letters) in one
-- of `types`, and every one of `tags` (a filter combination; map cells joined by ' | '). NULL when
-- the text holds no word.
CREATE OR REPLACE FUNCTION search_keys_query(q text, types text[], tags text[]) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (string_agg(DISTINCT '(' || (SELECT string_agg(public.search_quote(left(public.search_word(u.lexeme), 20) || '|' || t), ' | ') FROM unnest(types) AS t) || ')', ' & ')
          || coalesce((SELECT string_agg(' & (' || tag || ')', '') FROM unnest(tags) AS tag), ''))::tsquery
  FROM unnest(to_tsvector('simple', q)) AS u
$$;
--> statement-breakpoint
-- The map's kept counts of a word (word_cells, 0095) are kept under each word's cut form, once per
-- post: a post holding 'apple' and 'apples' counts once under 'apple', so a search for 'apples'
-- (asking for 'apple') has one kept word to read, as 'kindling' has, instead of two.
CREATE OR REPLACE FUNCTION post_word_cells(p posts) RETURNS TABLE (word text, type post_type, cx int, cy int)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT public.search_word(l.lexeme), p.type, map_cell_x(p.public_longitude, 15), map_cell_y(p.public_latitude, 15)
  FROM unnest(p.search_vector) AS l
  WHERE p.public_latitude IS NOT NULL AND p.public_longitude IS NOT NULL AND p.hidden_at IS NULL
    AND NOT p.owner_suspended AND left(l.lexeme, 1) <> '~'
$$;
--> statement-breakpoint
-- Whether every word beginning with `prefix` is kept under a cut form that begins with it too, so
-- the kept words beginning with it hold all its posts: not when a word beginning with it loses
-- letters of it to search_word ('peache' begins 'peaches', kept as 'peach'; 'cherry' is itself
-- cut to 'cherr'). Only a word that `prefix` ends or that ends one or two letters later can.
CREATE OR REPLACE FUNCTION search_word_keeps(prefix text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT bool_and(length(public.search_word(prefix || e)) >= length(prefix)) FROM unnest(ARRAY['', 's', 'es']) AS e
$$;
--> statement-breakpoint
SELECT word_cells_rebuild();
