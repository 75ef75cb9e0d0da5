import type { Readable } from 'node:stream';

/** A stored object opened for serving. */
export interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live. Keys are relative paths such as `posts/<random>.webp`; they are
 * random or content-hashed, so an object under a key never changes (long cache headers are safe).
 * The local folder is the default; an S3-compatible implementation can follow with the same shape
 * (its `urlOf` would point at the bucket or CDN, and `open` would not be needed for serving).
 */
export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser fetches the object from. */
  urlOf(key: string): string;
  /** The object for serving, or null when the key is unknown or malformed. */
  open(key: string): Promise<StoredObject | null>;
}

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
