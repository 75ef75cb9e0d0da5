-- word_cells' rows whose count falls to 0 go (docs/decisions/0095): its words are free text, so
-- rows of words edited away or of deleted posts would otherwise pile up, and a word left with no
-- post would still be a second word beginning a search (soleWord). Only removals bring a count to
-- 0; the rows they touched are already locked by this statement's upsert, so deleting them takes
-- no lock in another order.
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
    sum_lng = CASE WHEN w.n + excluded.n = 0 THEN 0 ELSE w.sum_lng + excluded.sum_lng END;
  DELETE FROM word_cells AS w
  USING (SELECT DISTINCT k.word, k.type, k.cx, k.cy FROM unnest(removed) AS o CROSS JOIN LATERAL post_word_cells(o) AS k) AS d
  WHERE (w.word, w.type, w.cx, w.cy) = (d.word, d.type, d.cx, d.cy) AND w.n = 0;
$$;
--> statement-breakpoint
DELETE FROM word_cells WHERE n = 0;
