import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { deleteImages, storeImage } from '../../src/server/modules/images/service';
import type { Storage } from '../../src/server/storage/storage';
import { as, metMidway, registerMember, useTestApp, type Member } from './helpers';
import { countPosts, createPost, postForm, uploadedFiles, VALID_POST } from './posts-helpers';

const ctx = useTestApp();
let member: Member;
let gpsJpeg: Buffer;

const NOT_AN_IMAGE = 'Please upload an image file (JPEG, PNG, WebP, GIF or AVIF).';
const GPS_POINTER_TAG = Buffer.from('2588', 'hex'); // EXIF tag 0x8825, little-endian: the GPS IFD pointer

beforeAll(async () => {
  member = await registerMember(ctx.app);
  // 3000x2000 photo taken on its side (orientation 6: displayed 2000x3000), with GPS and camera EXIF.
  gpsJpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'SecretCam', Model: 'HomeAddress 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 39/1 1153/100', GPSLongitudeRef: 'W', GPSLongitude: '79/1 22/1 5952/100' },
    })
    .toBuffer();
});


async function fetchUpload(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url });
  return { res, bytes: res.rawPayload };
}

describe('uploading a photo with a post', () => {
  it('re-encodes it: upright, at most 1600 px, WebP, with no EXIF or GPS left, and a 400 px thumbnail', async () => {
    const input = await sharp(gpsJpeg).metadata();
    expect(input.exif?.includes(GPS_POINTER_TAG)).toBe(true);
    expect(input.orientation).toBe(6);

    const res = await createPost(ctx.app, member.cookie, { ...VALID_POST }, { bytes: gpsJpeg });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json();
    expect(post.imageUrl).toMatch(/^\/uploads\/posts\/[0-9a-f-]{36}\.webp$/);
    expect(post.thumbnailUrl).toMatch(/^\/uploads\/posts\/[0-9a-f-]{36}-thumb\.webp$/);

    const { res: image, bytes } = await fetchUpload(post.imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(image.headers['content-length'])).toBe(bytes.length);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([1067, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes('Exif')).toBe(false);
    expect(bytes.includes('SecretCam')).toBe(false);
    expect(bytes.includes(GPS_POINTER_TAG)).toBe(false);

    const { bytes: thumb } = await fetchUpload(post.thumbnailUrl);
    const thumbMeta = await sharp(thumb).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(400);
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('keeps small images at their size', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#00ff0080' } }).png().toBuffer();
    const res = await createPost(ctx.app, member.cookie, { ...VALID_POST }, { bytes: png, filename: 'x.png', type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const meta = await sharp((await fetchUpload(res.json().imageUrl)).bytes).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('judges by the bytes: a real image with a wrong name and type is accepted', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).gif().toBuffer();
    const res = await createPost(ctx.app, member.cookie, { ...VALID_POST }, { bytes: gif, filename: 'notes.txt', type: 'text/plain' });
    expect(res.statusCode).toBe(201);
  });
});

describe('refusing what is not a usable image, leaving nothing behind', () => {
  async function expectRefused(image: Parameters<typeof createPost>[3], status: number, message: string) {
    const posts = await countPosts(ctx);
    const files = await uploadedFiles(ctx);
    const res = await createPost(ctx.app, member.cookie, { ...VALID_POST, title: 'Refused' }, image);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await countPosts(ctx)).toBe(posts);
    expect(await uploadedFiles(ctx)).toEqual(files);
  }

  it('refuses a text file named photo.jpg', async () => {
    await expectRefused({ bytes: Buffer.from('This is not a photo, just text.\n'), filename: 'photo.jpg', type: 'image/jpeg' }, 415, NOT_AN_IMAGE);
  });

  it('refuses an SVG (a document, not a photo)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await expectRefused({ bytes: svg, filename: 'a.svg', type: 'image/svg+xml' }, 415, NOT_AN_IMAGE);
  });

  it('refuses a truncated JPEG', async () => {
    await expectRefused({ bytes: gpsJpeg.subarray(0, 4000) }, 415, 'This image could not be read. Please try another file.');
  });

  it('refuses more than 40 megapixels', async () => {
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    await expectRefused({ bytes: huge, filename: 'huge.png', type: 'image/png' }, 413, 'The image is too large. The limit is 40 megapixels.');
  });

  it('refuses more than 10 MB', async () => {
    await expectRefused({ bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff) }, 413, 'The image is too large. The limit is 10 MB.');
  });

  it('refuses a second file and a file in another field', async () => {
    const tiny = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const two = postForm({ ...VALID_POST }, { bytes: tiny });
    two.append('image', new Blob([new Uint8Array(tiny)], { type: 'image/jpeg' }), 'b.jpg');
    const res = await ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/posts', payload: two }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please upload one image, in the "image" field.');
    const other = postForm({ ...VALID_POST });
    other.append('photo', new Blob([new Uint8Array(tiny)], { type: 'image/jpeg' }), 'b.jpg');
    expect((await ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/posts', payload: other }))).statusCode).toBe(400);
  });

  it('stores nothing when the fields are invalid, even with a good image', async () => {
    const posts = await countPosts(ctx);
    const files = await uploadedFiles(ctx);
    const res = await createPost(ctx.app, member.cookie, { ...VALID_POST, title: '' }, { bytes: gpsJpeg });
    expect(res.json().message).toBe('Title is required');
    expect(await countPosts(ctx)).toBe(posts);
    expect(await uploadedFiles(ctx)).toEqual(files);
  });

  it('removes the stored files when saving the post fails afterwards', async () => {
    await ctx.database.db.execute(sql`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$`);
    await ctx.database.db.execute(sql`CREATE TRIGGER posts_boom BEFORE INSERT ON posts FOR EACH ROW WHEN (NEW.title = 'Boom') EXECUTE FUNCTION refuse_boom()`);
    const files = await uploadedFiles(ctx);
    const res = await createPost(ctx.app, member.cookie, { ...VALID_POST, title: 'Boom' }, { bytes: gpsJpeg });
    expect(res.statusCode).toBe(500);
    expect(await uploadedFiles(ctx)).toEqual(files);
    await ctx.database.db.execute(sql`DROP TRIGGER posts_boom ON posts`);
  });

  it('removes the first file when storing the second fails', async () => {
    const stored = ctx.app.storage;
    const written: string[] = [];
    const failing: Storage = {
      ...stored,
      async put(key, bytes, type) {
        if (written.length === 1) throw new Error('disk full');
        written.push(key);
        await stored.put(key, bytes, type);
      },
    };
    const files = await uploadedFiles(ctx);
    await expect(storeImage(failing, gpsJpeg)).rejects.toThrow('disk full');
    expect(written).toHaveLength(1);
    expect(await uploadedFiles(ctx)).toEqual(files);
  });
});

describe('replacing and deleting images', () => {
  it('deletes the old files when the owner replaces or removes the image, and when the post goes', async () => {
    const created = await createPost(ctx.app, member.cookie, { ...VALID_POST }, { bytes: gpsJpeg });
    const first = created.json();
    const id = first.id as string;
    const replacement = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#00f' } }).jpeg().toBuffer();
    const edited = await ctx.app.inject(as(member.cookie, { method: 'PATCH', url: `/api/posts/${id}`, payload: postForm({ ...VALID_POST }, { bytes: replacement }) }));
    expect(edited.statusCode, edited.body).toBe(200);
    const second = edited.json();
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect((await fetchUpload(first.imageUrl)).res.statusCode).toBe(404);
    expect((await fetchUpload(first.thumbnailUrl)).res.statusCode).toBe(404);
    expect((await fetchUpload(second.imageUrl)).res.statusCode).toBe(200);

    const kept = await ctx.app.inject(as(member.cookie, { method: 'PATCH', url: `/api/posts/${id}`, payload: postForm({ ...VALID_POST, title: 'Renamed' }) }));
    expect(kept.json().imageUrl).toBe(second.imageUrl);

    const del = await ctx.app.inject(as(member.cookie, { method: 'DELETE', url: `/api/posts/${id}` }));
    expect(del.statusCode).toBe(204);
    expect((await fetchUpload(second.imageUrl)).res.statusCode).toBe(404);
    expect((await fetchUpload(second.thumbnailUrl)).res.statusCode).toBe(404);
  });

  it('leaves only the winning photo when two replacements are sent at once: each removes the files it replaced', async () => {
    const post = (await createPost(ctx.app, member.cookie, { ...VALID_POST }, { bytes: gpsJpeg })).json();
    const keyOf = (url: string) => url.replace('/uploads/', '');
    const others = (await uploadedFiles(ctx)).filter((k) => k !== keyOf(post.imageUrl) && k !== keyOf(post.thumbnailUrl));
    const [green, pink] = await Promise.all(['#0f0', '#f0f'].map((background) => sharp({ create: { width: 60, height: 40, channels: 3, background } }).jpeg().toBuffer()));
    const replace = (bytes: Buffer) => ctx.app.inject(as(member.cookie, { method: 'PATCH', url: `/api/posts/${post.id}`, payload: postForm({ ...VALID_POST }, { bytes }) }));
    // The first replacement's write waits while the second reads the post and stores its own files.
    const [first, second] = await metMidway(ctx, { table: 'posts', when: 'BEFORE UPDATE' }, () => replace(green!), () => replace(pink!));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const { rows } = await ctx.database.pool.query<{ image_keys: string[] }>('SELECT image_keys FROM posts WHERE id = $1', [post.id]);
    expect(rows[0]!.image_keys).toHaveLength(2);
    expect(await uploadedFiles(ctx)).toEqual([...others, ...rows[0]!.image_keys].sort());
    // The post shows the photo that is kept, not the one replaced (its card made after the second write).
    const shown = (await ctx.app.inject(as(member.cookie, { method: 'GET', url: `/api/posts/${post.id}` }))).json();
    expect([keyOf(shown.imageUrl), keyOf(shown.thumbnailUrl)]).toEqual(rows[0]!.image_keys);
  });

  it('removes the image on request', async () => {
    const post = (await createPost(ctx.app, member.cookie, { ...VALID_POST }, { bytes: gpsJpeg })).json();
    const res = await ctx.app.inject(as(member.cookie, { method: 'PATCH', url: `/api/posts/${post.id}`, payload: postForm({ ...VALID_POST, removeImage: 'true' }) }));
    expect(res.json()).toMatchObject({ imageUrl: null, thumbnailUrl: null });
    expect((await fetchUpload(post.imageUrl)).res.statusCode).toBe(404);
  });
});

describe('where photos are kept', () => {
  it('is the bucket when S3_BUCKET is set (TEST_STORAGE=s3), else DATA_DIR/uploads', async () => {
    const post = (await createPost(ctx.app, member.cookie, { ...VALID_POST }, { bytes: gpsJpeg })).json();
    const key = (post.imageUrl as string).replace('/uploads/', '');
    expect(await uploadedFiles(ctx)).toContain(key);
    expect(existsSync(path.join(ctx.config.DATA_DIR, 'uploads', key))).toBe(!ctx.config.S3_BUCKET);
  });
});

describe('GET /uploads', () => {
  it.each([
    '/uploads/posts/00000000-0000-4000-8000-000000000000.webp',
    '/uploads/..%2F..%2F..%2Fetc%2Fpasswd',
    '/uploads/posts/..%2F..%2Fsession-secret',
    '/uploads/%2Fetc%2Fpasswd',
    '/uploads/',
  ])('answers %s with a JSON 404', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('serves only image types, never other files in the folder', async () => {
    const storage = ctx.app.storage;
    await expect(storage.put('notes.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    expect(await storage.open('notes.txt')).toBeNull();
    await deleteImages(storage, ['posts/does-not-exist.webp']);
  });
});
