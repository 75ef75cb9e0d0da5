import type { FastifyInstance } from 'fastify';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/server/backup/backup';
import { restoreBackup, RestoreRefused } from '../../src/server/backup/restore';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { createLocalStorage } from '../../src/server/storage/local';
import { as, LOCAL_STORAGE, registerMember, sessionCookie, useTestApp, type Member } from './helpers';
import { createPost, VALID_POST } from './posts-helpers';

/** A populated app (photos in its folder), backed up, restored into a fresh DATA_DIR with its own embedded PostgreSQL. */
const ctx = useTestApp(LOCAL_STORAGE);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
// As root, the embedded PostgreSQL runs as 'postgres', which must be able to enter the folder.
chmodSync(tmp, 0o755);
const freshDir = path.join(tmp, 'fresh-data');
let restored: { database: Database; app?: FastifyInstance } | null = null;
let ann: Member;
let bob: Member;
let post: { id: string; imageUrl: string; thumbnailUrl: string };
let file: string;

beforeAll(async () => {
  ann = await registerMember(ctx.app, { username: 'Ann Apple' });
  bob = await registerMember(ctx.app, { username: 'Bob Birch' });
  const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c52' } }).jpeg().toBuffer();
  post = (await createPost(ctx.app, ann.cookie, { ...VALID_POST, title: 'Crab apples' }, { bytes: photo })).json();
  await createPost(ctx.app, bob.cookie, { ...VALID_POST, type: 'firewood', title: 'Split maple', address: '4 Elm St, Leaside' });
  const sent = await ctx.app.inject(as(bob.cookie, { method: 'POST', url: '/api/messages', payload: { toUserId: ann.id, postId: post.id, content: 'Still there?' } }));
  expect(sent.statusCode).toBe(201);
}, 60_000);

afterAll(async () => {
  await restored?.app?.close();
  await restored?.database.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('npm run backup, then npm run restore into a fresh DATA_DIR', () => {
  it('finds the same posts, members, messages and photos', async () => {
    const backup = await createBackup({ pool: ctx.database.pool, photos: ctx.app.storage, outDir: path.join(tmp, 'backups'), now: new Date('2026-11-25T10:42:07Z') });
    file = backup.file;
    expect(path.basename(file)).toBe('backup-2026-11-25T10-42-07Z.tar.gz');
    expect(backup.manifest.photos).toBe(2);
    expect(backup.manifest.tables.find((t) => t.name === 'posts')?.rows).toBe(2);

    const database = await openDatabase({ dataDir: freshDir }, { info: () => {}, warn: () => {} });
    const photos = createLocalStorage(path.join(freshDir, 'uploads'));
    restored = { database };
    await restoreBackup({ file, pool: database.pool, photos });
    const app = await buildApp({ config: { ...ctx.config, DATA_DIR: freshDir }, database, webRoot: path.join(freshDir, 'no-web') });
    restored.app = app;

    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ann.email, password: ann.password } });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = sessionCookie(login);
    const titles = (await app.inject(as(cookie, { method: 'GET', url: '/api/posts' }))).json().map((p: { title: string }) => p.title);
    expect(titles.sort()).toEqual(['Crab apples', 'Split maple']);
    const thread = (await app.inject(as(cookie, { method: 'GET', url: `/api/messages/with/${bob.id}?postId=${post.id}` }))).json();
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['Still there?']);
    // A session made before the backup still signs its member in.
    expect((await app.inject(as(bob.cookie, { method: 'GET', url: '/api/auth/me' }))).statusCode).toBe(200);
    for (const url of [post.imageUrl, post.thumbnailUrl]) {
      const [before, after] = [await ctx.app.inject({ method: 'GET', url }), await app.inject({ method: 'GET', url })];
      expect(after.statusCode, url).toBe(200);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    }
    // What triggers keep beside the posts came back with them.
    const counts = (pool: typeof database.pool) => pool.query('SELECT * FROM post_counts ORDER BY 1, 2, 3').then((r) => r.rows);
    expect(await counts(database.pool)).toEqual(await counts(ctx.database.pool));
    expect((await counts(database.pool)).length).toBeGreaterThan(0);
    const areas = (pool: typeof database.pool) => pool.query('SELECT * FROM area_days ORDER BY 1, 2, 3').then((r) => r.rows);
    expect(await areas(database.pool)).toEqual(await areas(ctx.database.pool));
    expect((await areas(database.pool)).length).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a target that holds data, unless told', async () => {
    const photos = createLocalStorage(path.join(freshDir, 'uploads'));
    const again = restoreBackup({ file, pool: restored!.database.pool, photos });
    await expect(again).rejects.toThrow(RestoreRefused);
    await expect(again).rejects.toThrow(/not empty \(it holds .*posts.*photos\).*--force/);
    await restoreBackup({ file, pool: restored!.database.pool, photos, force: true });
    const { rows } = await restored!.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM posts');
    expect(rows[0]!.n).toBe(2);
  }, 60_000);
});
