CREATE TYPE "public"."post_status" AS ENUM('available', 'limited', 'unavailable', 'seasonal');--> statement-breakpoint
CREATE TYPE "public"."post_type" AS ENUM('fruit', 'firewood', 'skids');--> statement-breakpoint
CREATE TYPE "public"."region" AS ENUM('muskoka', 'kawartha', 'haliburton', 'scarborough', 'toronto');--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"owner_session_id" text,
	"type" "post_type" NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"public_latitude" double precision,
	"public_longitude" double precision,
	"exact_location" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"thumbnail_url" text,
	"image_keys" text[],
	"status" "post_status" DEFAULT 'available' NOT NULL,
	"status_notes" text,
	"phone_number" text,
	"contact" text,
	"owner_name" text,
	"owner_initials" text,
	"zip_code" text,
	"quantity" text,
	"seasonal_notes" text,
	"region" "region",
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || description || ' ' || address || ' ' || coalesce(seasonal_notes, '') || ' ' || coalesce(quantity, ''))) STORED NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_owner_session_id_sessions_id_fk" FOREIGN KEY ("owner_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_post_idx" ON "favorites" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_type_created_idx" ON "posts" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_status_idx" ON "posts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "posts_region_idx" ON "posts" USING btree ("region");--> statement-breakpoint
CREATE INDEX "posts_user_idx" ON "posts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_search_trgm_idx" ON "posts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_public_earth_idx" ON "posts" USING gist (ll_to_earth("public_latitude", "public_longitude")) WHERE "posts"."public_latitude" IS NOT NULL;