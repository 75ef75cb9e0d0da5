import path from 'node:path';
import type { Config, ToolConfig } from '../config';
import { createLocalStorage } from './local';
import { createS3Storage, s3SettingsOf } from './s3';
import type { Storage } from './storage';

/** The folder photos were kept in before S3 (and are kept in without it). */
export const uploadsFolder = (config: Pick<Config, 'DATA_DIR'>) => path.join(config.DATA_DIR, 'uploads');

/**
 * The storage the settings choose (docs/decisions/0085): the bucket when S3_BUCKET is set, else
 * the local folder. With the bucket, photos of posts made before the switch stay reachable: their
 * `/uploads/…` URLs are served from the bucket once `npm run storage:migrate` copied them, and from
 * the old folder until then; deleting a post removes its files from both.
 */
export function storageFor(config: ToolConfig): Storage {
  const local = createLocalStorage(uploadsFolder(config));
  const s3 = s3SettingsOf(config);
  return s3 ? withEarlierFolder(createS3Storage(s3), local) : local;
}

/** `current` for everything, falling back on `earlier` to open (and also deleting there) what `current` lacks. */
export function withEarlierFolder(current: Storage, earlier: Storage): Storage {
  return {
    ...current,
    async delete(key) {
      await current.delete(key);
      await earlier.delete(key);
    },
    async open(key) {
      return (await current.open(key)) ?? earlier.open(key);
    },
    async removeUnfinished(folder, before) {
      return (await current.removeUnfinished(folder, before)) + (await earlier.removeUnfinished(folder, before));
    },
  };
}
