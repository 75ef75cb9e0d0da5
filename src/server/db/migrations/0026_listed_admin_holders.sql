-- The first account that was an admin under each address (docs/decisions/0122): ADMIN_EMAILS
-- promotes that account only, never one that registered the address after it closed.
-- No foreign key to users: the row outlives the account it names.
CREATE TABLE "listed_admin_holders" (
	"email" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
