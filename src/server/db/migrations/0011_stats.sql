CREATE TABLE "figures_refreshed" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popular_areas" (
	"rank" integer PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"posts" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_view_days" (
	"post_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "post_view_days_post_id_day_pk" PRIMARY KEY("post_id","day")
);
--> statement-breakpoint
CREATE TABLE "post_views" (
	"post_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "post_views_post_id_bucket_pk" PRIMARY KEY("post_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"region" text NOT NULL,
	"searches" integer NOT NULL,
	CONSTRAINT "search_terms_day_term_region_pk" PRIMARY KEY("day","term","region")
);
--> statement-breakpoint
CREATE TABLE "trending_posts" (
	"type" text NOT NULL,
	"rank" integer NOT NULL,
	"post_id" uuid NOT NULL,
	"views" integer NOT NULL,
	"score" double precision NOT NULL,
	CONSTRAINT "trending_posts_type_rank_pk" PRIMARY KEY("type","rank")
);
--> statement-breakpoint
CREATE TABLE "view_marks" (
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	"post_id" uuid NOT NULL,
	CONSTRAINT "view_marks_day_viewer_post_id_pk" PRIMARY KEY("day","viewer","post_id")
);
--> statement-breakpoint
CREATE TABLE "view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_view_days" ADD CONSTRAINT "post_view_days_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trending_posts" ADD CONSTRAINT "trending_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_view_days_day_idx" ON "post_view_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "post_views_bucket_idx" ON "post_views" USING btree ("bucket");