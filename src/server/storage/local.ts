import { createReadStream, type Dir, type Dirent } from 'node:fs';
import { access, constants, mkdir, opendir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { contentTypeOf, isValidKey, type Storage } from './storage';

/** Files under `root` (DATA_DIR/uploads), served by the storage plugin at `${publicPath}/<key>`. */
export function createLocalStorage(root: string, publicPath = '/uploads'): Storage {
  const resolved = path.resolve(root);

  /** The file for a key, or null when the key could leave the folder or is not servable. */
  function fileOf(key: string): string | null {
    if (!isValidKey(key) || !contentTypeOf(key)) return null;
    const file = path.resolve(resolved, key);
    return file.startsWith(resolved + path.sep) ? file : null;
  }

  /** The key of a file found in the folder, or null when it is not one a key could name (a `.tmp` being written, say). */
  function keyOf(entry: Dirent): string | null {
    if (!entry.isFile()) return null;
    const key = path.relative(resolved, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    return fileOf(key) ? key : null;
  }

  function mustFileOf(key: string): string {
    const file = fileOf(key);
    if (!file) throw new Error(`invalid storage key: ${key}`);
    return file;
  }

  return {
    async put(key, bytes) {
      const file = mustFileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, bytes, { flag: 'wx' });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },

    async delete(key) {
      await rm(mustFileOf(key), { force: true });
    },

    urlOf(key) {
      return `${publicPath}/${key}`;
    },

    async open(key) {
      const file = fileOf(key);
      if (!file) return null;
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), size: info.size, contentType: contentTypeOf(key)! };
    },

    async has(key) {
      const file = fileOf(key);
      return file !== null && (await stat(file).then((info) => info.isFile(), () => false));
    },

    async list() {
      const entries = await readdir(resolved, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      });
      return entries.map(keyOf).filter((key) => key !== null);
    },

    async *entries(folder) {
      const dir = path.resolve(resolved, folder);
      if (!isValidKey(folder) || !dir.startsWith(resolved + path.sep)) throw new Error(`invalid storage folder: ${folder}`);
      // Read as it is walked (a few dozen names at a time), not the whole folder into memory.
      const walk: Dir | null = await opendir(dir, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      for await (const entry of walk ?? []) {
        const key = keyOf(entry);
        const info = key ? await stat(path.join(entry.parentPath, entry.name)).catch(() => null) : null; // null: deleted since
        if (key && info?.isFile()) yield { key, modifiedAt: info.mtime };
      }
    },

    async check() {
      await mkdir(resolved, { recursive: true });
      await access(resolved, constants.W_OK);
    },

    close() {},
  };
}
