CREATE TABLE "map_cells" (
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"grain" smallint NOT NULL,
	"type" "post_type",
	"status" "post_status",
	"region" "region",
	"amount" smallint,
	"n" integer NOT NULL,
	"sum_lat" double precision NOT NULL,
	"sum_lng" double precision NOT NULL,
	CONSTRAINT "map_cells_key" UNIQUE NULLS NOT DISTINCT("level","grain","type","cx","cy","status","region","amount")
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "posts_public_point_idx" ON "posts" USING gist (point("public_longitude", "public_latitude")) WHERE "posts"."public_latitude" IS NOT NULL;