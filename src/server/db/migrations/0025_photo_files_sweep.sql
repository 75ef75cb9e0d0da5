-- Whether a post names a stored key (docs/decisions/0119): the daily sweep of photo files no post
-- names asks for 1,000 listed keys at a time, one `image_keys @> ARRAY[key]` lookup each (about
-- 8 ms a batch at 1M posts). GIN on the array: a post with a photo adds its two keys; posts without
-- one are left out. No pending list (fastupdate off): every lookup read all of it, 400 ms a batch
-- after 2,000 posts written, and a post's two keys cost nothing measurable written at once.
-- Built here, in the migrations' transaction (about 14 s at 1M posts): post writes wait meanwhile.
CREATE INDEX "posts_image_keys_idx" ON "posts" USING gin ("image_keys") WITH (fastupdate=false) WHERE "posts"."image_keys" IS NOT NULL;
