import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_CREDENTIALS, startS3Server, type S3Server } from '../../../scripts/s3-server';
import { copyObjects } from './copy';
import { withEarlierFolder } from './from-config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage, StoredEntry } from './storage';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
let s3: S3Server;

beforeAll(async () => {
  s3 = await startS3Server({ directory: path.join(tmp, 's3'), buckets: ['photos'] });
});
afterAll(async () => {
  await s3?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const s3Storage = (bucket = 'photos', publicUrl?: string) =>
  createS3Storage({ bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS, publicUrl });

async function listed(entries: AsyncIterable<StoredEntry>): Promise<StoredEntry[]> {
  const all: StoredEntry[] = [];
  for await (const entry of entries) all.push(entry);
  return all;
}

const implementations: Array<[string, () => Storage]> = [
  ['the local folder', () => createLocalStorage(path.join(tmp, 'uploads'))],
  ['an S3-compatible bucket', () => s3Storage()],
];

describe.each(implementations)('Storage in %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });
  afterAll(() => storage.close());

  it('gives back what was put, with its type and size, at the /uploads/ URL', async () => {
    await storage.put('posts/abc.webp', Buffer.from('webp bytes'), 'image/webp');
    const object = await storage.open('posts/abc.webp');
    expect(object).toMatchObject({ size: 10, contentType: 'image/webp' });
    expect(await text(object!.stream)).toBe('webp bytes');
    expect(storage.urlOf('posts/abc.webp')).toBe('/uploads/posts/abc.webp');
  });

  it('lists every key, and forgets a deleted one; deleting a missing key is no error', async () => {
    await storage.put('posts/one.webp', Buffer.from('1'), 'image/webp');
    await storage.put('posts/one-thumb.webp', Buffer.from('2'), 'image/webp');
    expect(await storage.list()).toEqual(expect.arrayContaining(['posts/one.webp', 'posts/one-thumb.webp']));
    await storage.delete('posts/one.webp');
    await storage.delete('posts/never-there.webp');
    expect(await storage.open('posts/one.webp')).toBeNull();
    expect(await storage.list()).not.toContain('posts/one.webp');
  });

  it("lists a folder's objects with when each was written, and none of another folder", async () => {
    const before = Date.now();
    await storage.put('posts/dated.webp', Buffer.from('x'), 'image/webp');
    await storage.put('postscript/beside.webp', Buffer.from('x'), 'image/webp');
    await storage.put('other/elsewhere.webp', Buffer.from('x'), 'image/webp');
    const entries = await listed(storage.entries('posts'));
    const keys = entries.map((e) => e.key);
    expect(keys.sort()).toEqual((await storage.list()).filter((key) => key.startsWith('posts/')).sort());
    expect(keys).toContain('posts/dated.webp');
    const dated = entries.find((e) => e.key === 'posts/dated.webp')!.modifiedAt.getTime();
    // S3 keeps whole seconds.
    expect(dated).toBeGreaterThanOrEqual(before - 1_000);
    expect(dated).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await listed(storage.entries('never-written'))).toEqual([]);
    await expect(listed(storage.entries('../up'))).rejects.toThrow(/invalid storage folder/);
  });

  it('refuses keys that could leave the store or are not images, and opens none', async () => {
    for (const key of ['../escape.webp', 'posts/../../x.webp', '/abs.webp', 'notes.txt', 'posts/script.svg']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid storage key/);
      expect(await storage.open(key)).toBeNull();
    }
    expect(await storage.open('posts/missing.webp')).toBeNull();
  });

  it('knows which keys it holds', async () => {
    await storage.put('posts/held.webp', Buffer.from('x'), 'image/webp');
    expect(await storage.has('posts/held.webp')).toBe(true);
    expect(await storage.has('posts/not-held.webp')).toBe(false);
    expect(await storage.has('../held.webp')).toBe(false);
  });

  it('is ready when it can be reached', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('the local folder', () => {
  it("gives each file's modified time, as the file system has it", async () => {
    const root = path.join(tmp, 'dated');
    const storage = createLocalStorage(root);
    await storage.put('posts/aged.webp', Buffer.from('x'), 'image/webp');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    utimesSync(path.join(root, 'posts', 'aged.webp'), twoDaysAgo, twoDaysAgo);
    expect(await listed(storage.entries('posts'))).toEqual([{ key: 'posts/aged.webp', modifiedAt: twoDaysAgo }]);
  });
});

/** A file left as `put` leaves one when its process is killed mid-write (`<file>.<12 hex>.tmp`), last written at `at`. */
function leftBehind(root: string, name: string, at: Date): string {
  const file = path.join(root, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'half a photo');
  utimesSync(file, at, at);
  return file;
}

describe('the unfinished writes of the local folder', () => {
  const dayAgo = new Date(Date.now() - 24 * 60 * 60_000);
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);

  it('removes the .tmp files of writes begun before the cutoff under the folder, and nothing else', async () => {
    const root = path.join(tmp, 'unfinished');
    const storage = createLocalStorage(root);
    await storage.put('posts/whole.webp', Buffer.from('x'), 'image/webp');
    utimesSync(path.join(root, 'posts', 'whole.webp'), twoDaysAgo, twoDaysAgo);
    const cut = leftBehind(root, 'posts/cut.webp.0123456789ab.tmp', twoDaysAgo);
    const nested = leftBehind(root, 'posts/2026/cut-thumb.webp.abcdef012345.tmp', twoDaysAgo);
    const kept = [
      leftBehind(root, 'posts/being-written.webp.0123456789ab.tmp', new Date()),
      leftBehind(root, 'posts/notes.tmp', twoDaysAgo),
      leftBehind(root, 'posts/script.svg.0123456789ab.tmp', twoDaysAgo),
      leftBehind(root, 'other/cut.webp.0123456789ab.tmp', twoDaysAgo),
    ];
    // Never a key: neither listed nor served.
    expect(await storage.list()).toEqual(['posts/whole.webp']);
    expect(await storage.removeUnfinished('posts', dayAgo)).toBe(2);
    expect([existsSync(cut), existsSync(nested)]).toEqual([false, false]);
    for (const file of kept) expect(existsSync(file)).toBe(true);
    expect(await storage.has('posts/whole.webp')).toBe(true);
    expect(await storage.removeUnfinished('posts', dayAgo)).toBe(0);
    expect(await storage.removeUnfinished('never-written', dayAgo)).toBe(0);
    await expect(storage.removeUnfinished('../up', dayAgo)).rejects.toThrow(/invalid storage folder/);
  });

  it('leaves no .tmp file behind a write that ends', async () => {
    const root = path.join(tmp, 'finished');
    const storage = createLocalStorage(root);
    await storage.put('posts/done.webp', Buffer.from('x'), 'image/webp');
    expect(await storage.removeUnfinished('posts', new Date(Date.now() + 60_000))).toBe(0);
  });

  it('are removed behind a bucket too, from the earlier folder; the bucket has none', async () => {
    const root = path.join(tmp, 'unfinished-earlier');
    const bucket = s3Storage();
    const cut = leftBehind(root, 'posts/cut.webp.0123456789ab.tmp', twoDaysAgo);
    expect(await bucket.removeUnfinished('posts', dayAgo)).toBe(0);
    expect(await withEarlierFolder(bucket, createLocalStorage(root)).removeUnfinished('posts', dayAgo)).toBe(1);
    expect(existsSync(cut)).toBe(false);
    bucket.close();
  });
});

describe('the S3 storage', () => {
  it('names the CDN in URLs when S3_PUBLIC_URL is set', () => {
    const storage = s3Storage('photos', 'https://cdn.example.org/photos/');
    expect(storage.urlOf('posts/a.webp')).toBe('https://cdn.example.org/photos/posts/a.webp');
    storage.close();
  });

  it('is not ready when its bucket does not exist', async () => {
    const storage = s3Storage('no-such-bucket');
    await expect(storage.check()).rejects.toThrow();
    storage.close();
  });

  it('stores objects with a year-long immutable Cache-Control for whoever serves the bucket', async () => {
    const storage = s3Storage();
    await storage.put('posts/cdn.webp', Buffer.from('x'), 'image/webp');
    const res = await fetch(`${s3.endpoint}/photos/posts/cdn.webp`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    storage.close();
  });
});

describe('the S3-compatible test server (scripts/s3-server.ts)', () => {
  it("closes while a client is halfway through a request, as the apps' probe may be", async () => {
    const server = await startS3Server({ directory: path.join(tmp, 's3-closing'), buckets: ['photos'] });
    const socket = net.connect(server.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.on('error', () => {});
    // A request begun, not finished: its connection is in use, not idle.
    socket.write('GET /photos HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const outcome = await Promise.race([
      server.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open after 3 s'), 3_000)),
    ]);
    socket.destroy();
    expect(outcome).toBe('closed');
  });
});

describe('copying the folder into the bucket (npm run storage:migrate)', () => {
  it('copies what the bucket lacks, byte for byte, and nothing again the second time', async () => {
    const folder = createLocalStorage(path.join(tmp, 'to-copy'));
    const bucket = s3Storage();
    await folder.put('posts/copy-1.webp', Buffer.from('one'), 'image/webp');
    await folder.put('posts/copy-1-thumb.webp', Buffer.from('thumb'), 'image/webp');
    expect(await copyObjects(folder, bucket)).toEqual({ copied: 2, skipped: 0 });
    expect(await text((await bucket.open('posts/copy-1-thumb.webp'))!.stream)).toBe('thumb');
    expect(await copyObjects(folder, bucket)).toEqual({ copied: 0, skipped: 2 });
    bucket.close();
  });
});

describe('a bucket in front of the earlier folder', () => {
  it('opens from the folder what the bucket lacks, and deletes from both', async () => {
    const folder = createLocalStorage(path.join(tmp, 'earlier'));
    const bucket = s3Storage();
    const storage = withEarlierFolder(bucket, folder);
    await folder.put('posts/old.webp', Buffer.from('old'), 'image/webp');
    await storage.put('posts/new.webp', Buffer.from('new'), 'image/webp');
    expect(await text((await storage.open('posts/old.webp'))!.stream)).toBe('old');
    expect(await text((await storage.open('posts/new.webp'))!.stream)).toBe('new');
    expect(await folder.open('posts/new.webp')).toBeNull();
    // The bucket's objects are those listed: the folder's are copied into it by `npm run storage:migrate`.
    const keys = (await listed(storage.entries('posts'))).map((e) => e.key);
    expect(keys).toContain('posts/new.webp');
    expect(keys).not.toContain('posts/old.webp');
    await storage.delete('posts/old.webp');
    expect(await storage.open('posts/old.webp')).toBeNull();
    bucket.close();
  });
});
