CREATE TYPE "public"."payment_product" AS ENUM('day', 'lifetime', 'posting');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('demo', 'stripe', 'paypal', 'credit');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'paid', 'failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" "payment_provider" NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_ref" text,
	"user_id" uuid,
	"session_id" text,
	"product" "payment_product" NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"paid_with_credit" boolean DEFAULT false NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"post_type" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"referrer_id" uuid NOT NULL,
	"friends" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_referrer_id_friends_pk" PRIMARY KEY("referrer_id","friends")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bonus_granted_at" timestamp with time zone
);
--> statement-breakpoint
-- Grant kinds as issue 16 names them; 'credit' is a referral's $3 (docs/decisions/0080).
ALTER TYPE "public"."grant_kind" RENAME VALUE 'day_pass' TO 'day';--> statement-breakpoint
ALTER TYPE "public"."grant_kind" RENAME VALUE 'posting_fee' TO 'posting';--> statement-breakpoint
ALTER TYPE "public"."grant_kind" ADD VALUE 'credit';--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invite_code" text;--> statement-breakpoint
-- An invite code (spec §5): 'FF' and 6 uppercase letters or digits, unique; made by the server
-- for every new member (DECISIONS 26), and now for the members who have none.
CREATE FUNCTION new_invite_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  bytes bytea;
  code text;
BEGIN
  LOOP
    bytes := uuid_send(gen_random_uuid());
    code := 'FF';
    FOR i IN 0..5 LOOP
      code := code || substr(alphabet, 1 + get_byte(bytes, i) % 36, 1);
    END LOOP;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM users WHERE invite_code = code);
  END LOOP;
  RETURN code;
END
$$;--> statement-breakpoint
UPDATE "users" SET "invite_code" = new_invite_code();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "invite_code" SET DEFAULT new_invite_code();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "invite_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_touch" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_session_idx" ON "payments" USING btree ("session_id") WHERE "payments"."session_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invites_user_email_idx" ON "invites" USING btree ("user_id","email_hash","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_friend_key" ON "referrals" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_key" ON "users" USING btree ("invite_code");