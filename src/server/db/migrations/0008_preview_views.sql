CREATE TABLE "preview_views" (
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	"post_id" uuid NOT NULL,
	CONSTRAINT "preview_views_day_viewer_post_id_pk" PRIMARY KEY("day","viewer","post_id")
);
--> statement-breakpoint
-- The free preview's daily budget (DECISIONS 29, docs/decisions/0076): which of `posts` a viewer
-- without full access may see in full today. A post already seen today (by the session, or by the
-- address for a viewer without one) is free; a new one needs room in the session's budget and, unless
-- another session of the address saw it, in the address's. Admitted posts are recorded for both.
-- One statement, serialised per address, so concurrent requests cannot overspend it.
CREATE OR REPLACE FUNCTION preview_admit(
  p_day date, p_session text, p_address text, p_posts uuid[], p_per_session int, p_per_address int
) RETURNS uuid[]
LANGUAGE plpgsql AS $$
DECLARE
  seen_session uuid[] := '{}';
  seen_address uuid[];
  admitted uuid[] := '{}';
  post uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('preview:' || p_address));
  SELECT coalesce(array_agg(post_id), '{}') INTO seen_address FROM preview_views WHERE day = p_day AND viewer = p_address;
  IF p_session IS NOT NULL THEN
    SELECT coalesce(array_agg(post_id), '{}') INTO seen_session FROM preview_views WHERE day = p_day AND viewer = p_session;
  END IF;
  FOREACH post IN ARRAY p_posts LOOP
    IF post = ANY(CASE WHEN p_session IS NULL THEN seen_address ELSE seen_session END) THEN
      admitted := admitted || post;
    ELSIF (p_session IS NULL OR cardinality(seen_session) < p_per_session)
      AND (post = ANY(seen_address) OR cardinality(seen_address) < p_per_address) THEN
      admitted := admitted || post;
      IF p_session IS NOT NULL THEN
        INSERT INTO preview_views (day, viewer, post_id) VALUES (p_day, p_session, post) ON CONFLICT DO NOTHING;
        seen_session := seen_session || post;
      END IF;
      IF NOT post = ANY(seen_address) THEN
        INSERT INTO preview_views (day, viewer, post_id) VALUES (p_day, p_address, post) ON CONFLICT DO NOTHING;
        seen_address := seen_address || post;
      END IF;
    END IF;
  END LOOP;
  RETURN admitted;
END
$$;
