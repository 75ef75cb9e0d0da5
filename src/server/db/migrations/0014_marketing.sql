CREATE TABLE "campaign_visit_marks" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	CONSTRAINT "campaign_visit_marks_day_visitor_source_medium_campaign_pk" PRIMARY KEY("day","visitor","source","medium","campaign")
);
--> statement-breakpoint
CREATE TABLE "campaign_visits" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "campaign_visits_source_medium_campaign_day_pk" PRIMARY KEY("source","medium","campaign","day")
);
