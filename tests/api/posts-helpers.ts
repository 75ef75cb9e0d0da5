import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { posts } from '../../src/server/db/schema/index';
import { POST_CHANGED, SESSION_CHANGED, type SessionChange } from '../../src/server/events/topics';
import { as, type TestContext } from './helpers';

type Ctx = Pick<TestContext, 'app' | 'database'>;

export const countPosts = async (ctx: Pick<TestContext, 'database'>) =>
  (await ctx.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM posts`)).rows[0]!.n;

/** Every stored file's key, in the folder or the bucket (TEST_STORAGE=s3), sorted. */
export async function uploadedFiles(ctx: Pick<TestContext, 'app'>): Promise<string[]> {
  return (await ctx.app.storage.list()).sort();
}

/**
 * Tests that write to the tables directly tell the app, as every writer must (docs/decisions/0050):
 * the app's caches of posts and callers are dropped at once.
 */
export const postsChanged = (ctx: Ctx) => ctx.app.events.publish(POST_CHANGED, {});
export const callerChanged = (ctx: Ctx, change: SessionChange) => ctx.app.events.publish(SESSION_CHANGED, change);

export const VALID_POST = { type: 'fruit', title: 'Apples', description: 'A tree full of apples', address: '1 Main St' } as const;

/** A multipart body as the web form sends it; `image` is added as a file when given. */
export function postForm(fields: Record<string, string>, image?: { bytes: Buffer; filename?: string; type?: string }): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/jpeg' }), image.filename ?? 'photo.jpg');
  return form;
}

export function createPost(app: FastifyInstance, cookie: string | null, fields: Record<string, string>, image?: Parameters<typeof postForm>[1]) {
  const opts = { method: 'POST' as const, url: '/api/posts', payload: postForm(fields, image) };
  return app.inject(cookie ? as(cookie, opts) : opts);
}

type NewPost = typeof posts.$inferInsert;

/** Inserts a post straight into the table (list tests need exact times and points). */
export async function insertPost(ctx: Ctx, values: Partial<NewPost> = {}): Promise<string> {
  const lat = values.latitude;
  const lng = values.longitude;
  const [row] = await ctx.database.db
    .insert(posts)
    .values({
      type: 'fruit',
      title: 'Post',
      description: 'Something to give',
      address: 'Somewhere',
      publicLatitude: lat ?? null,
      publicLongitude: lng ?? null,
      ...values,
    })
    .returning({ id: posts.id });
  await postsChanged(ctx);
  return row!.id;
}

/** Forgets every count of the shared (PostgreSQL) rate limits, for files that write more than a limit allows. */
export async function resetRateLimits(ctx: Ctx): Promise<void> {
  await ctx.database.db.execute(sql`DELETE FROM rate_limits`);
}

export async function makeAdmin(ctx: Ctx, userId: string): Promise<void> {
  await ctx.database.db.execute(sql`UPDATE users SET is_admin = true WHERE id = ${userId}`);
  await callerChanged(ctx, { userId });
}

/** Ends every grant of the user (an expired trial). */
export async function expireGrants(ctx: Ctx, userId: string): Promise<void> {
  await ctx.database.db.execute(sql`UPDATE grants SET starts_at = now() - interval '8 days', ends_at = now() - interval '1 day' WHERE user_id = ${userId}`);
  await callerChanged(ctx, { userId });
}
