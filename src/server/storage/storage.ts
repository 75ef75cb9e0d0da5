import type { Readable } from 'node:stream';

/** A stored object opened for serving. */
export interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string;
}

/** A stored key and when its object was last written, by the store's clock. */
export interface StoredEntry {
  key: string;
  modifiedAt: Date;
}

/**
 * Where uploaded files live (docs/decisions/0020, 0085). Keys are relative paths such as
 * `posts/<random>.webp`; they are random, so an object under a key never changes (long cache
 * headers are safe). The local folder (`local.ts`) is the default; an S3-compatible bucket
 * (`s3.ts`) when S3_BUCKET is set. One test suite runs against both (`storage.test.ts`).
 */
export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser fetches the object from. */
  urlOf(key: string): string;
  /** The object for serving, or null when the key is unknown or malformed. */
  open(key: string): Promise<StoredObject | null>;
  /** Whether an object is stored under `key`. */
  has(key: string): Promise<boolean>;
  /** Every stored key, in no particular order (backups, `npm run storage:migrate`, tests). */
  list(): Promise<string[]>;
  /**
   * The objects under `folder` (`posts`: every `posts/…` key) with their last write, read from the
   * store a page at a time as they are asked for, never all at once (the sweep of files no post
   * names, docs/decisions/0119). Objects written or deleted meanwhile may or may not be in it.
   */
  entries(folder: string): AsyncIterable<StoredEntry>;
  /**
   * Removes what writes under `folder` cut short left behind, begun before `before` (the folder's
   * `.tmp` files of a process killed mid-write); answers how many. One that cannot be removed is
   * left for the next call, never an error. A bucket has none: an object is whole or absent.
   */
  removeUnfinished(folder: string, before: Date): Promise<number>;
  /** Resolves when the store can be reached (GET /api/ready); rejects with why not. */
  check(): Promise<void>;
  /** Lets go of connections (the app closing). */
  close(): void;
}

/** Every object is stored under a new random key, so it may be cached for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Letters, digits, '-', '_' and '.', in '/'-separated segments; no '..', no leading '/'. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)*(?:\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)*)*$/;

export function isValidKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key);
}

export const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The content type for a key's extension, or null for an extension that is never served. */
export function contentTypeOf(key: string): string | null {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return key.includes('.') ? (CONTENT_TYPES[ext] ?? null) : null;
}
