import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { ToolConfig } from '../config';
import { contentTypeOf, IMMUTABLE, isValidKey, type Storage, type StoredEntry } from './storage';

/** Where the bucket is and how to reach it: the S3_* settings (docs/decisions/0085). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2, …); unset: AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where browsers fetch the objects (a CDN); unset: the app at `publicPath`. */
  publicUrl?: string;
}

/** The S3 settings of `config`, or null when S3_BUCKET is unset (the local folder then). */
export function s3SettingsOf(config: ToolConfig): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: config.S3_PUBLIC_URL,
  };
}

const isMissing = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Objects in an S3-compatible bucket through @aws-sdk/client-s3. Checksums only when an operation
 * requires one: servers other than AWS (s3rver, older MinIO) refuse the SDK's default CRC headers.
 * Without S3_PUBLIC_URL the app serves the objects at `publicPath` (GET /uploads/*), so photo URLs
 * look the same as with the local folder.
 */
export function createS3Storage(settings: S3Settings, publicPath = '/uploads'): Storage {
  // The SDK warns on every start under Node 20 (8 lines) that its releases after January 2027 will
  // need Node 22: the lock file pins this one, which runs on Node 20; raising it is when to move
  // to Node 22 (docs/decisions/0134).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 15_000 },
  });
  const Bucket = settings.bucket;
  const base = (settings.publicUrl ?? publicPath).replace(/\/+$/, '');
  const servable = (key: string) => isValidKey(key) && contentTypeOf(key) !== null;

  /** The servable objects whose keys start with `prefix`, one page of up to 1,000 asked for at a time. */
  async function* listed(prefix?: string): AsyncGenerator<StoredEntry> {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
      for (const { Key: key, LastModified: modifiedAt } of page.Contents ?? []) if (key && modifiedAt && servable(key)) yield { key, modifiedAt };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    async put(key, bytes, contentType) {
      if (!servable(key)) throw new Error(`invalid storage key: ${key}`);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE }));
    },

    async delete(key) {
      if (!servable(key)) throw new Error(`invalid storage key: ${key}`);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    urlOf(key) {
      return `${base}/${key}`;
    },

    async open(key) {
      if (!servable(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0, contentType: contentTypeOf(key)! };
      } catch (err) {
        if (isMissing(err) || (err as Error).name === 'NoSuchKey') return null;
        throw err;
      }
    },

    async has(key) {
      if (!servable(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    async list() {
      const keys: string[] = [];
      for await (const object of listed()) keys.push(object.key);
      return keys;
    },

    async *entries(folder) {
      if (!isValidKey(folder)) throw new Error(`invalid storage folder: ${folder}`);
      yield* listed(`${folder}/`);
    },

    // A PutObject leaves the whole object or none: nothing unfinished to remove.
    async removeUnfinished() {
      return 0;
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    close() {
      client.destroy();
    },
  };
}
