import { randomUUID } from 'node:crypto';
import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { IMAGE_FOLDER, storeImage } from '../../src/server/modules/images/service';
import { SWEEP_BRAKE, sweepUnnamedFiles, UNNAMED_MIN_AGE_MS } from '../../src/server/modules/images/sweep';
import { photosSweep } from '../../src/server/modules/images/sweep-command';
import { namedImageKeys, namedImageKeysSql } from '../../src/server/modules/posts/repository';
import { uploadsFolder } from '../../src/server/storage/from-config';
import type { StoredEntry } from '../../src/server/storage/storage';
import { registerMember, useTestApps, type Member } from './helpers';
import { createPost, insertPost, uploadedFiles, VALID_POST } from './posts-helpers';

/** Two instances on one database and one storage, as behind a load balancer; their log lines. */
const lines: Array<{ level: number; msg: string; removed?: number; braked?: boolean; unfinished?: number }> = [];
const instances = useTestApps(2, { LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
const [ctx, other] = [instances[0]!, instances[1]!];
const sweepLines = () => lines.filter((l) => /stored files/.test(l.msg));
const onS3 = inject('s3Endpoint') !== null;
let member: Member;
let photo: Buffer;

beforeAll(async () => {
  // The jobs run when the tests say, not when the instances' timers do (a second or more after the start).
  for (const { app } of instances) await app.jobs.stop();
  member = await registerMember(ctx.app);
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e7d32' } }).jpeg().toBuffer();
});

const keyOf = (url: string) => url.replace('/uploads/', '');
/** A post shared with a photo: its two stored files. */
async function postedPhoto(): Promise<string[]> {
  const res = await createPost(ctx.app, member.cookie, { ...VALID_POST }, { bytes: photo });
  expect(res.statusCode, res.body).toBe(201);
  return [keyOf(res.json().imageUrl), keyOf(res.json().thumbnailUrl)];
}
/** A photo stored as a post's is, by an instance that stopped before writing the post: no row names its files. */
const strayPhoto = async () => (await storeImage(ctx.app.storage, photo)).keys;

async function* only(keys: readonly string[], entries: AsyncIterable<StoredEntry>): AsyncGenerator<StoredEntry> {
  for await (const entry of entries) if (keys.includes(entry.key)) yield entry;
}

describe('the sweep of stored photo files no post names', () => {
  it('removes those written over a day ago, and neither younger ones nor the files of a post', async () => {
    const posted = await postedPhoto();
    const old = await strayPhoto();
    // S3 keeps whole seconds: the cutoff falls more than a second after the old files and before the young.
    await sleep(1_100);
    const cutoff = Date.now();
    await sleep(1_100);
    const young = await strayPhoto();
    const before = sweepLines().length;

    const report = await ctx.app.posts.sweepUnnamedPhotos(new Date(cutoff + UNNAMED_MIN_AGE_MS));
    expect(report).toMatchObject({ unnamed: 2, removed: 2, failed: 0, braked: false });
    const files = await uploadedFiles(ctx);
    expect(files).toEqual(expect.arrayContaining([...posted, ...young]));
    for (const key of old) expect(files).not.toContain(key);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${posted[0]}` })).statusCode).toBe(200);
    expect(sweepLines().slice(before)).toEqual([expect.objectContaining({ removed: 2, msg: expect.stringMatching(/^Removed 2 stored files no post names/) })]);

    // Nothing left to remove: no line.
    expect(await ctx.app.posts.sweepUnnamedPhotos(new Date(cutoff + UNNAMED_MIN_AGE_MS))).toMatchObject({ removed: 0 });
    expect(sweepLines().slice(before)).toHaveLength(1);
  });

  it('never removes a file a post names, even one written while the sweep runs', async () => {
    const old = await strayPhoto();
    let checks = 0;
    const named = async (keys: readonly string[]) => {
      const { rows } = await ctx.database.db.execute<{ key: string }>(namedImageKeysSql(keys));
      // Once the listing is checked, a post naming the old files is written (a restore, say).
      checks += 1;
      if (checks === 1) await insertPost(ctx, { title: 'Restored', imageKeys: old });
      return new Set(rows.map((r) => r.key));
    };
    // The sweep looks at these files only: the others of this file are left to the other tests.
    const storage = { ...ctx.app.storage, entries: (folder: string) => only(old, ctx.app.storage.entries(folder)) };
    const report = await sweepUnnamedFiles({ storage, folder: IMAGE_FOLDER, named }, new Date(Date.now() + UNNAMED_MIN_AGE_MS + 60_000));
    expect(report).toMatchObject({ old: 2, unnamed: 2, removed: 0 });
    expect(checks).toBe(2);
    expect(await uploadedFiles(ctx)).toEqual(expect.arrayContaining(old));
  });

  it('is a background job, run once a day across the instances, by the real clock', async () => {
    const posted = await postedPhoto();
    const stray = await strayPhoto();
    // The folder's files can be dated back; a bucket's cannot, and a file written now is kept.
    // And the file of a write cut short by a kill, in the folder (with S3, the folder behind the bucket).
    const cut = path.join(uploadsFolder(ctx.config), IMAGE_FOLDER, `${randomUUID()}.webp.0123456789ab.tmp`);
    await mkdir(path.dirname(cut), { recursive: true });
    await writeFile(cut, 'half a photo');
    const twoDaysAgo = new Date(Date.now() - 2 * UNNAMED_MIN_AGE_MS);
    await utimes(cut, twoDaysAgo, twoDaysAgo);
    if (!onS3) {
      for (const key of [...posted, ...stray]) await utimes(path.join(uploadsFolder(ctx.config), key), twoDaysAgo, twoDaysAgo);
    }
    const before = sweepLines().length;
    const ran = (await Promise.all([ctx.app.jobs.runDue(), other.app.jobs.runDue()])).flat();
    expect(ran.filter((name) => name === 'photo-files-unnamed')).toHaveLength(1);
    const files = await uploadedFiles(ctx);
    expect(files).toEqual(expect.arrayContaining(posted));
    for (const key of stray) expect(files.includes(key)).toBe(onS3);
    expect(await stat(cut).then(() => 'kept', () => 'removed')).toBe('removed');
    expect(sweepLines().slice(before)).toEqual([expect.objectContaining({ unfinished: 1, msg: expect.stringMatching(/and 1 unfinished files of writes cut short/) })]);
    expect(await ctx.app.jobs.runDue()).not.toContain('photo-files-unnamed');
  });

  it('removes nothing when most files are named by no post: the database is not this storage’s', async () => {
    const stray = Array.from({ length: SWEEP_BRAKE.files + 1 }, () => `${IMAGE_FOLDER}/${randomUUID()}.webp`);
    for (const key of stray) await ctx.app.storage.put(key, Buffer.from('webp'), 'image/webp');
    const before = sweepLines().length;
    const report = await ctx.app.posts.sweepUnnamedPhotos(new Date(Date.now() + UNNAMED_MIN_AGE_MS + 60_000));
    expect(report).toMatchObject({ removed: 0, braked: true });
    expect(await uploadedFiles(ctx)).toEqual(expect.arrayContaining(stray));
    expect(sweepLines().slice(before)).toEqual([expect.objectContaining({ level: 40, braked: true, msg: expect.stringMatching(/npm run photos:sweep -- --remove/) })]);

    // The operator checks the settings and removes them with `npm run photos:sweep`.
    const storage = { ...ctx.app.storage, entries: (folder: string) => only(stray, ctx.app.storage.entries(folder)) };
    const deps = { storage, folder: IMAGE_FOLDER, named: (keys: readonly string[]) => namedImageKeys(ctx.database.db, keys) };
    const later = new Date(Date.now() + UNNAMED_MIN_AGE_MS + 60_000);
    const counted = await photosSweep(deps, false, later);
    expect(counted).toEqual([
      expect.stringMatching(/^101 of the 101 stored photo files written before \S+ are named by no post\.$/),
      'The daily sweep holds back from so many: it takes them for a sign that the database is not the one of this storage.',
      "Nothing removed. Check that DATABASE_URL (or DATA_DIR) and S3_BUCKET name this deployment's database and storage, then run npm run photos:sweep -- --remove.",
    ]);
    expect(await uploadedFiles(ctx)).toEqual(expect.arrayContaining(stray));
    expect(await photosSweep(deps, true, later)).toEqual(['Removed 101 of the 101 stored photo files no post names.']);
    const files = await uploadedFiles(ctx);
    for (const key of stray) expect(files).not.toContain(key);
    expect(await photosSweep(deps, false, later)).toEqual([expect.stringMatching(/^No stored photo files written before \S+: nothing to remove\.$/)]);
  });

  it('asks which keys posts name through the index of image keys, one lookup a key', async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${namedImageKeysSql(['posts/a.webp', 'posts/a-thumb.webp'])}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('posts_image_keys_idx');
    // With no pending list, which every lookup would read whole.
    const { rows } = await ctx.database.db.execute<{ options: string[] | null }>(
      sql`SELECT reloptions AS options FROM pg_class WHERE relname = 'posts_image_keys_idx'`,
    );
    expect(rows[0]?.options).toEqual(['fastupdate=false']);
  });
});
