CREATE TYPE "public"."notification_type" AS ENUM('new_message', 'new_comment', 'new_rating', 'post_hidden');--> statement-breakpoint
CREATE TYPE "public"."report_reason" AS ENUM('scam', 'inappropriate', 'spam', 'not_free', 'wrong_info', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('pending', 'reviewed', 'resolved', 'dismissed');--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"post_id" uuid,
	"subject" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "notification_type" NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"reporter_id" uuid,
	"reporter_key" text NOT NULL,
	"reason" "report_reason" NOT NULL,
	"description" text,
	"status" "report_status" DEFAULT 'pending' NOT NULL,
	"review_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rated_user_id" uuid NOT NULL,
	"rater_user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_ratings_rating_range" CHECK ("user_ratings"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"meta" jsonb
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_rated_user_id_users_id_fk" FOREIGN KEY ("rated_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_rater_user_id_users_id_fk" FOREIGN KEY ("rater_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "comments_post_idx" ON "comments" USING btree ("post_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_to_idx" ON "messages" USING btree ("to_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_from_idx" ON "messages" USING btree ("from_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("to_user_id") WHERE "messages"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_key" ON "reports" USING btree ("post_id","reporter_key") WHERE "reports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_ratings_pair_key" ON "user_ratings" USING btree ("rater_user_id","rated_user_id");--> statement-breakpoint
CREATE INDEX "user_ratings_rated_idx" ON "user_ratings" USING btree ("rated_user_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" IS NULL;--> statement-breakpoint
-- Hidden posts (DECISIONS 23) are in no list, map or total: map_cells and post_counts count only
-- posts without hidden_at, and a post hidden or shown again moves out of or into its counts.
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
      WHERE r.public_latitude IS NOT NULL AND r.public_longitude IS NOT NULL AND r.hidden_at IS NULL
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
  SELECT (o.public_latitude, o.public_longitude, o.type, o.status, o.region, post_amount_mask(o.quantity), o.hidden_at IS NULL)
    IS DISTINCT FROM (n.public_latitude, n.public_longitude, n.type, n.status, n.region, post_amount_mask(n.quantity), n.hidden_at IS NULL)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION map_cells_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE map_cells;
  INSERT INTO map_cells (level, grain, cx, cy, type, status, region, amount, n, sum_lat, sum_lng)
    SELECT 18, GROUPING(type, status, region, amount), cx, cy, type, status, region, amount, count(*), sum(lat), sum(lng)
    FROM (
      SELECT map_cell_x(public_longitude, 18) AS cx, map_cell_y(public_latitude, 18) AS cy, type, status, region,
             post_amount_mask(quantity) AS amount, public_latitude AS lat, public_longitude AS lng
      FROM posts WHERE public_latitude IS NOT NULL AND public_longitude IS NOT NULL AND hidden_at IS NULL
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
CREATE OR REPLACE FUNCTION post_counts_add(removed posts[], added posts[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO post_counts AS c (type, status, region, amount, n)
  SELECT r.type, r.status, r.region, post_amount_mask(r.quantity), sum(r.sgn)
  FROM (SELECT o.*, -1 AS sgn FROM unnest(removed) AS o UNION ALL SELECT a.*, 1 AS sgn FROM unnest(added) AS a) AS r
  WHERE r.hidden_at IS NULL
  GROUP BY 1, 2, 3, 4
  HAVING sum(r.sgn) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT post_counts_key DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM post_counts_add('{}', ARRAY(SELECT r::posts FROM new_rows AS r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM post_counts_add(ARRAY(SELECT r::posts FROM old_rows AS r), '{}');
  ELSE
    -- Only posts whose filter values or visibility changed move between rows.
    PERFORM post_counts_add(
      ARRAY(SELECT o::posts FROM old_rows AS o JOIN new_rows AS n USING (id)
            WHERE (o.type, o.status, o.region, post_amount_mask(o.quantity), o.hidden_at IS NULL)
              IS DISTINCT FROM (n.type, n.status, n.region, post_amount_mask(n.quantity), n.hidden_at IS NULL)),
      ARRAY(SELECT n::posts FROM old_rows AS o JOIN new_rows AS n USING (id)
            WHERE (o.type, o.status, o.region, post_amount_mask(o.quantity), o.hidden_at IS NULL)
              IS DISTINCT FROM (n.type, n.status, n.region, post_amount_mask(n.quantity), n.hidden_at IS NULL)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_counts_rebuild() RETURNS void
LANGUAGE sql AS $$
  TRUNCATE post_counts;
  INSERT INTO post_counts (type, status, region, amount, n)
    SELECT type, status, region, post_amount_mask(quantity), count(*) FROM posts WHERE hidden_at IS NULL GROUP BY 1, 2, 3, 4;
$$;
