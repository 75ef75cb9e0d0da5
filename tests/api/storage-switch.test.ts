import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_CREDENTIALS, startS3Server, type S3Server } from '../../scripts/s3-server';
import { buildApp } from '../../src/server/app';
import { copyObjects } from '../../src/server/storage/copy';
import { createLocalStorage } from '../../src/server/storage/local';
import { createS3Storage } from '../../src/server/storage/s3';
import { as, LOCAL_STORAGE, registerMember, useTestApp } from './helpers';
import { createPost, VALID_POST } from './posts-helpers';

/** The app before the switch keeps photos in its folder. */
const ctx = useTestApp(LOCAL_STORAGE);
let s3: S3Server;
let switched: FastifyInstance;

beforeAll(async () => {
  s3 = await startS3Server({ directory: path.join(ctx.config.DATA_DIR, 's3'), buckets: ['photos'] });
  const config = {
    ...ctx.config,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: 'photos',
    S3_FORCE_PATH_STYLE: true,
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
  };
  switched = await buildApp({ config, database: ctx.database, webRoot: path.join(ctx.config.DATA_DIR, 'no-web') });
  await switched.ready();
});
afterAll(async () => {
  await switched?.close();
  await s3?.close();
});

describe('switching photo storage from the folder to a bucket', () => {
  it('keeps the photo URLs of earlier posts working, before and after npm run storage:migrate', async () => {
    const member = await registerMember(ctx.app);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a7' } }).jpeg().toBuffer();
    const before = (await createPost(ctx.app, member.cookie, { ...VALID_POST }, { bytes: photo })).json();
    const imageUrl = before.imageUrl as string;

    // Switched, not yet migrated: served from the earlier folder.
    const early = await switched.inject({ method: 'GET', url: imageUrl });
    expect(early.statusCode).toBe(200);

    const folder = path.join(ctx.config.DATA_DIR, 'uploads');
    const bucket = createS3Storage({ bucket: 'photos', region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS });
    expect(await copyObjects(createLocalStorage(folder), bucket)).toEqual({ copied: 2, skipped: 0 });
    rmSync(folder, { recursive: true });

    // Migrated and the folder gone: the same URL, the same bytes, from the bucket.
    const late = await switched.inject({ method: 'GET', url: imageUrl });
    expect(late.statusCode).toBe(200);
    expect(late.rawPayload.equals(early.rawPayload)).toBe(true);
    expect((await switched.inject({ method: 'GET', url: before.thumbnailUrl as string })).statusCode).toBe(200);

    // New photos go to the bucket; deleting the old post removes its files there.
    const after = (await createPost(switched, member.cookie, { ...VALID_POST }, { bytes: photo })).json();
    expect(await bucket.list()).toEqual(expect.arrayContaining([(after.imageUrl as string).replace('/uploads/', '')]));
    expect((await switched.inject(as(member.cookie, { method: 'DELETE', url: `/api/posts/${before.id}` }))).statusCode).toBe(204);
    expect((await switched.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(404);
    bucket.close();
  });
});
