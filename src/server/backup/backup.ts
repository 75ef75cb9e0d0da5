import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type pg from 'pg';
import type { Storage } from '../storage/storage';
import { pack } from './archive';
import { dumpTables, type DumpedTable } from './dump';

/** What a backup holds, in its `manifest.json`. */
export interface Manifest {
  format: 1;
  createdAt: string;
  /** The schema's level: how many migrations the database had. */
  migrations: number;
  tables: DumpedTable[];
  /** Photos in the archive (0 when they are in a bucket, which is backed up on its own). */
  photos: number;
}

export const MANIFEST = 'manifest.json';

/** `backup-2026-11-25T10-42-07Z.tar.gz`: sorts by date, no characters a shell or Windows minds. */
export const archiveName = (at: Date) => `backup-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;

/**
 * One dated archive (docs/decisions/0085): every table from one snapshot (`dump.ts`), the photos of
 * `photos` (the local folder; none for a bucket), and a manifest. Written into `outDir`; its path.
 */
export async function createBackup(opts: { pool: pg.Pool; photos: Storage | null; outDir: string; now?: Date }): Promise<{ file: string; manifest: Manifest }> {
  const now = opts.now ?? new Date();
  const staging = mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  try {
    mkdirSync(path.join(staging, 'db'));
    const client = await opts.pool.connect();
    let dump;
    try {
      dump = await dumpTables(client, path.join(staging, 'db'));
    } finally {
      client.release();
    }
    let photos = 0;
    for (const key of (await opts.photos?.list()) ?? []) {
      const object = await opts.photos!.open(key);
      if (!object) continue; // deleted since it was listed
      const file = path.join(staging, 'uploads', ...key.split('/'));
      mkdirSync(path.dirname(file), { recursive: true });
      await writeFile(file, await buffer(object.stream));
      photos += 1;
    }
    const manifest: Manifest = { format: 1, createdAt: now.toISOString(), ...dump, photos };
    writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    mkdirSync(opts.outDir, { recursive: true });
    const file = path.resolve(opts.outDir, archiveName(now));
    await pack(staging, file);
    return { file, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
