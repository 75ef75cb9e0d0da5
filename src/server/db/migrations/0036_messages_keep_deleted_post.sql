ALTER TABLE "messages" DROP CONSTRAINT "messages_post_id_posts_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "post_title" text;--> statement-breakpoint
CREATE INDEX "messages_post_idx" ON "messages" USING btree ("post_id") WHERE "messages"."post_id" IS NOT NULL;--> statement-breakpoint
-- A conversation about a post keeps the post's id and title once the post is deleted (docs/decisions/0148):
-- before, the foreign key set the id to null, and the thread ran together with the pair's general one.
CREATE FUNCTION keep_deleted_post_in_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE messages SET post_title = OLD.title WHERE post_id = OLD.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_keep_deleted_in_messages AFTER DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION keep_deleted_post_in_messages();
