-- A rate limit's hit (plugins/rate-limit.ts): one more call on `p_key` in its fixed window of
-- `p_secs` seconds, a new window once the last one ended. Returns the calls of the window so far
-- and the seconds until it ends. The one definition of a hit; the app's limits all go through it.
CREATE OR REPLACE FUNCTION rate_hit(p_key text, p_secs float8, OUT hits int, OUT retry int)
LANGUAGE sql VOLATILE AS $$
  INSERT INTO rate_limits AS r (key, count, reset_at)
  VALUES (p_key, 1, now() + make_interval(secs => p_secs))
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.count + 1 END,
    reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
  RETURNING r.count, ceil(extract(epoch FROM r.reset_at - now()))::int
$$;
--> statement-breakpoint
-- A guest's kept page (docs/decisions/0093): the preview throttle's hit and, within its limit,
-- the daily budget's admission of the page's posts (preview_admit; none when `p_posts` is empty).
-- The app sends the gates of many requests in one statement, ordered by key, so that concurrent
-- statements take their row and advisory locks in the same order.
CREATE OR REPLACE FUNCTION preview_gate(
  p_key text, p_limit int, p_secs float8,
  p_day date, p_session text, p_address text, p_posts uuid[], p_per_session int, p_per_address int,
  OUT hits int, OUT retry int, OUT admitted uuid[])
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  SELECT h.hits, h.retry INTO hits, retry FROM rate_hit(p_key, p_secs) AS h;
  admitted := CASE WHEN hits <= p_limit AND cardinality(p_posts) > 0
    THEN preview_admit(p_day, p_session, p_address, p_posts, p_per_session, p_per_address) END;
END
$$;
