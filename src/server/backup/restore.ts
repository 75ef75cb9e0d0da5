import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationCount, runMigrations } from '../db/migrate';
import { copyObjects } from '../storage/copy';
import { createLocalStorage } from '../storage/local';
import type { Storage } from '../storage/storage';
import { TarFailed, unpack } from './archive';
import { MANIFEST, type Manifest } from './backup';
import { emptyTables, loadTables } from './dump';
import { appTables } from './tables';

/** A restore that would overwrite data, or cannot be made with this version of the app. */
export class RestoreRefused extends Error {}

/** How many migrations the database has, and whether any table or the photo store holds something. */
async function targetState(pool: pg.Pool, photos: Storage): Promise<{ migrations: number; holds: string[] }> {
  const exists = await pool.query<{ t: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`);
  const migrations = exists.rows[0]!.t ? (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0]!.n : 0;
  const holds: string[] = [];
  for (const table of await appTables(pool)) {
    const some = await pool.query(`SELECT 1 FROM public.${pg.escapeIdentifier(table.name)} LIMIT 1`);
    if (some.rowCount) holds.push(table.name);
  }
  if ((await photos.list()).length > 0) holds.push('photos');
  return { migrations, holds };
}

/**
 * Restores an archive of `createBackup` (docs/decisions/0085) into the database of `pool` and the
 * photo store `photos` (a folder or a bucket). They must be empty, unless `force`, which replaces
 * what they hold. A database without the app's tables is migrated to the archive's level, the
 * tables loaded, then the remaining migrations applied, so an archive of an older version restores
 * into a newer one; a database with them must be at the archive's level. An archive newer than
 * this code is refused.
 */
export async function restoreBackup(opts: { file: string; pool: pg.Pool; photos: Storage; force?: boolean }): Promise<Manifest> {
  const archive = await openArchive(opts.file);
  try {
    return await restoreArchive({ ...opts, archive });
  } finally {
    archive.close();
  }
}

/** An archive unpacked into a staging folder and found restorable by this version; `close()` removes the folder. */
export interface OpenedArchive {
  file: string;
  manifest: Manifest;
  staging: string;
  close(): void;
}

/**
 * Unpacks `file` and checks it, before the target is touched: `npm run restore` opens the archive
 * first, so a missing file, a file that is no archive or one of a newer version is refused before
 * the embedded database is created in DATA_DIR.
 */
export async function openArchive(file: string): Promise<OpenedArchive> {
  if (!existsSync(file)) throw new RestoreRefused(`There is no file ${file}.`);
  const staging = mkdtempSync(path.join(os.tmpdir(), 'restore-'));
  const close = () => rmSync(staging, { recursive: true, force: true });
  try {
    await unpack(file, staging).catch((err: unknown) => {
      // tar's first line says why (gzip: stdin: not in gzip format, Unexpected EOF, …).
      if (err instanceof TarFailed) throw new RestoreRefused(`${file} is not a backup archive: ${err.stderr.split('\n')[0]}`);
      throw err;
    });
    const manifestFile = path.join(staging, MANIFEST);
    if (!existsSync(manifestFile)) throw new RestoreRefused(`${file} is not a backup of this app (it has no ${MANIFEST}).`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    if (manifest.format !== 1) throw new RestoreRefused(`${file} has a format this version does not read (${String(manifest.format)}).`);
    if (manifest.migrations > migrationCount()) {
      throw new RestoreRefused(`${file} was made by a newer version of the app (schema level ${manifest.migrations}, this one knows ${migrationCount()}): restore it with that version.`);
    }
    return { file, manifest, staging, close };
  } catch (err) {
    close();
    throw err;
  }
}

/** Restores an archive of `openArchive` into the database of `pool` and the photo store `photos`, as `restoreBackup` says. */
export async function restoreArchive(opts: { archive: OpenedArchive; pool: pg.Pool; photos: Storage; force?: boolean }): Promise<Manifest> {
  const { manifest, staging } = opts.archive;
  const target = await targetState(opts.pool, opts.photos);
  if (target.holds.length > 0 && !opts.force) {
    throw new RestoreRefused(`The target is not empty (it holds ${target.holds.join(', ')}). Restore into an empty DATA_DIR or database, or pass --force to replace what it holds.`);
  }
  if (target.migrations !== 0 && target.migrations !== manifest.migrations) {
    throw new RestoreRefused(
      `The target database's schema is at level ${target.migrations} and the archive's at ${manifest.migrations}: restore into a database without the app's tables.`,
    );
  }
  await runMigrations(opts.pool, { upTo: manifest.migrations });
  const client = await opts.pool.connect();
  try {
    if (target.holds.length > 0) {
      await emptyTables(client);
      for (const key of await opts.photos.list()) await opts.photos.delete(key);
    }
    await loadTables(client, path.join(staging, 'db'), manifest.tables);
  } finally {
    client.release();
  }
  await runMigrations(opts.pool);
  await copyObjects(createLocalStorage(path.join(staging, 'uploads')), opts.photos);
  return manifest;
}
