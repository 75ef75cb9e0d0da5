import { randomUUID } from 'node:crypto';
import type { Storage } from '../../storage/storage';
import { processImage } from './process';

/** What other modules say about an image they refuse before it gets here (the upload's size). */
export { IMAGE_MESSAGES } from './process';
/** The sweep of stored files no row names (docs/decisions/0119). */
export { sweepUnnamedFiles } from './sweep';

export interface StoredImage {
  imageUrl: string;
  thumbnailUrl: string;
  /** Storage keys of every file written, to delete them with the post. */
  keys: string[];
}

/** The folder of posts' photos: `posts/<uuid>.<ext>` and `posts/<uuid>-thumb.<ext>`. */
export const IMAGE_FOLDER = 'posts';

/**
 * Cleans an upload (processImage) and stores the full image and its thumbnail under fresh
 * random keys. If a write fails, what was written is removed again: all or nothing.
 */
export async function storeImage(storage: Storage, input: Buffer, folder = IMAGE_FOLDER): Promise<StoredImage> {
  const image = await processImage(input);
  const id = randomUUID();
  const fullKey = `${folder}/${id}.${image.full.extension}`;
  const thumbKey = `${folder}/${id}-thumb.${image.thumbnail.extension}`;
  const written: string[] = [];
  try {
    await storage.put(fullKey, image.full.bytes, image.full.contentType);
    written.push(fullKey);
    await storage.put(thumbKey, image.thumbnail.bytes, image.thumbnail.contentType);
    written.push(thumbKey);
  } catch (err) {
    await deleteImages(storage, written);
    throw err;
  }
  return { imageUrl: storage.urlOf(fullKey), thumbnailUrl: storage.urlOf(thumbKey), keys: written };
}

/** Best-effort removal; a file that cannot be deleted must not fail the request that replaced it. */
export async function deleteImages(storage: Storage, keys: readonly string[] | null | undefined, log?: { warn(obj: object, msg: string): void }): Promise<void> {
  for (const key of keys ?? []) {
    await storage.delete(key).catch((err) => log?.warn({ err, key }, 'could not delete stored image'));
  }
}
