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

  /** The key a file in the folder would have, or null when no key names it (a `.tmp` being written, say). */
  function keyAt(file: string): string | null {
    const key = path.relative(resolved, file).split(path.sep).join('/');
    return fileOf(key) ? key : null;
  }

  function keyOf(entry: Dirent): string | null {
    return entry.isFile() ? keyAt(path.join(entry.parentPath, entry.name)) : null;
  }

  /** The name `put` writes a key's file under before renaming it: a `.tmp` beside it. */
  const UNFINISHED = /\.[0-9a-f]{12}\.tmp$/;
  const unfinishedOf = (file: string) => `${file}.${randomBytes(6).toString('hex')}.tmp`;

  /** Whether `entry` is a file `put` began and never renamed (a process killed mid-write). */
  function isUnfinished(entry: Dirent): boolean {
    if (!entry.isFile() || !UNFINISHED.test(entry.name)) return false;
    return keyAt(path.join(entry.parentPath, entry.name.replace(UNFINISHED, ''))) !== null;
  }

  /** The entries under `folder`, read as they are walked (a few dozen names at a time), not all at once. */
  async function* walk(folder: string): AsyncGenerator<{ entry: Dirent; file: string }> {
    const dir = path.resolve(resolved, folder);
    if (!isValidKey(folder) || !dir.startsWith(resolved + path.sep)) throw new Error(`invalid storage folder: ${folder}`);
    const opened: Dir | null = await opendir(dir, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    for await (const entry of opened ?? []) yield { entry, file: path.join(entry.parentPath, entry.name) };
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
      const tmp = unfinishedOf(file);
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
      for await (const { entry, file } of walk(folder)) {
        const key = keyOf(entry);
        const info = key ? await stat(file).catch(() => null) : null; // null: deleted since
        if (key && info?.isFile()) yield { key, modifiedAt: info.mtime };
      }
    },

    async removeUnfinished(folder, before) {
      let removed = 0;
      for await (const { entry, file } of walk(folder)) {
        if (!isUnfinished(entry)) continue;
        // Last written before `before`: a write takes milliseconds, so this one's process is gone.
        const info = await stat(file).catch(() => null);
        if (!info || info.mtime.getTime() >= before.getTime()) continue;
        // One that cannot be removed (a permission) is left for the next run, and the others still go.
        if (await rm(file, { force: true }).then(() => true, () => false)) removed += 1;
      }
      return removed;
    },

    async check() {
      await mkdir(resolved, { recursive: true });
      await access(resolved, constants.W_OK);
    },

    close() {},
  };
}
