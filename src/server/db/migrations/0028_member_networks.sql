CREATE TABLE "member_networks" (
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_networks_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "friend_address" text;--> statement-breakpoint
ALTER TABLE "member_networks" ADD CONSTRAINT "member_networks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_networks_last_seen_idx" ON "member_networks" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referrer_network_key" ON "referrals" USING btree ("referrer_id","friend_address") WHERE "referrals"."friend_address" IS NOT NULL;--> statement-breakpoint
-- The networks members signed in from so far, as their live sessions hold them (docs/decisions/0134).
INSERT INTO "member_networks" ("user_id", "address", "last_seen_at")
SELECT "user_id", "address", max("last_seen_at") FROM "sessions"
WHERE "user_id" IS NOT NULL AND "address" IS NOT NULL AND "address" <> ''
GROUP BY "user_id", "address"
ON CONFLICT DO NOTHING;
