-- A search finds a word's plural and singular alike (docs/decisions/0141): each searched word is
-- first cut to what its singular and plural begin with, and matched as a beginning, as before
-- (0071). Only the query side changes; the index keys every beginning of every word already.
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
