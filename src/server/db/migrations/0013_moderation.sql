CREATE TYPE "public"."post_hidden_reason" AS ENUM('reports', 'removed');--> statement-breakpoint
CREATE TYPE "public"."audit_action" AS ENUM('report_decided', 'post_removed', 'post_restored', 'verification_approved', 'verification_rejected', 'verification_revoked', 'suspension_set', 'suspension_lifted', 'admin_granted', 'admin_revoked');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'post_removed';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'post_restored';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'report_decided';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'verification_decided';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'account_suspended';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'suspension_lifted';--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_id" uuid,
	"admin_name" text NOT NULL,
	"action" "audit_action" NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_name" text NOT NULL,
	"subject_user_id" uuid,
	"notes" text,
	"changes" jsonb
);
--> statement-breakpoint
CREATE TABLE "verification_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"business_name" text NOT NULL,
	"verified_type" "verified_type" NOT NULL,
	"business_phone" text NOT NULL,
	"business_website" text,
	"status" "verification_status" DEFAULT 'pending' NOT NULL,
	"review_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid
);
--> statement-breakpoint
DROP INDEX "reports_open_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_reason" "post_hidden_reason";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "owner_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "weight" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "from_new_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_admin_idx" ON "audit_log" USING btree ("admin_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_user_id","action","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_pending_key" ON "verification_requests" USING btree ("user_id") WHERE "verification_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_requests_user_idx" ON "verification_requests" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "verification_requests_status_idx" ON "verification_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_suspended_until_idx" ON "users" USING btree ("suspended_until") WHERE "users"."suspended_at" IS NOT NULL AND "users"."suspended_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_owner_suspended_idx" ON "posts" USING btree ("user_id") WHERE "posts"."owner_suspended";--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_key" ON "reports" USING btree ("post_id","reporter_key");--> statement-breakpoint
CREATE INDEX "reports_pending_idx" ON "reports" USING btree ("post_id","created_at") WHERE "reports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reports_reporter_decided_idx" ON "reports" USING btree ("reporter_id","reviewed_at" DESC NULLS FIRST) WHERE "reports"."status" IN ('resolved', 'dismissed');--> statement-breakpoint
-- Reports filed before weights (issue 19, docs/decisions/0084): a member's weighs 1, or 0.25 from an
-- account younger than 7 days when it reported; a guest's nothing. Posts hidden so far were hidden by reports.
UPDATE "reports" AS r SET
  "weight" = CASE WHEN u.created_at > r.created_at - interval '7 days' THEN 0.25 ELSE 1 END,
  "from_new_account" = u.created_at > r.created_at - interval '7 days'
FROM "users" AS u WHERE u.id = r.reporter_id;--> statement-breakpoint
UPDATE "posts" SET "hidden_reason" = 'reports' WHERE "hidden_at" IS NOT NULL;--> statement-breakpoint
-- A suspended owner's posts (issue 19) leave lists, the map and the totals as hidden ones do:
-- map_cells and post_counts count only posts without hidden_at whose owner is not suspended.
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
      WHERE r.public_latitude IS NOT NULL AND r.public_longitude IS NOT NULL AND r.hidden_at IS NULL AND NOT r.owner_suspended
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
  SELECT (o.public_latitude, o.public_longitude, o.type, o.status, o.region, post_amount_mask(o.quantity), o.hidden_at IS NULL AND NOT o.owner_suspended)
    IS DISTINCT FROM (n.public_latitude, n.public_longitude, n.type, n.status, n.region, post_amount_mask(n.quantity), n.hidden_at IS NULL AND NOT n.owner_suspended)
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
      FROM posts WHERE public_latitude IS NOT NULL AND public_longitude IS NOT NULL AND hidden_at IS NULL AND NOT owner_suspended
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
  WHERE r.hidden_at IS NULL AND NOT r.owner_suspended
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
            WHERE (o.type, o.status, o.region, post_amount_mask(o.quantity), o.hidden_at IS NULL AND NOT o.owner_suspended)
              IS DISTINCT FROM (n.type, n.status, n.region, post_amount_mask(n.quantity), n.hidden_at IS NULL AND NOT n.owner_suspended)),
      ARRAY(SELECT n::posts FROM old_rows AS o JOIN new_rows AS n USING (id)
            WHERE (o.type, o.status, o.region, post_amount_mask(o.quantity), o.hidden_at IS NULL AND NOT o.owner_suspended)
              IS DISTINCT FROM (n.type, n.status, n.region, post_amount_mask(n.quantity), n.hidden_at IS NULL AND NOT n.owner_suspended)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_counts_rebuild() RETURNS void
LANGUAGE sql AS $$
  TRUNCATE post_counts;
  INSERT INTO post_counts (type, status, region, amount, n)
    SELECT type, status, region, post_amount_mask(quantity), count(*) FROM posts
    WHERE hidden_at IS NULL AND NOT owner_suspended GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
-- The audit log is append-only (issue 19): nobody, the app included, may change or delete a line.
CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
