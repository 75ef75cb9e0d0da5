// `npm run restore -- FILE [--force]`: restores an archive of `npm run backup` into an empty
// DATA_DIR (the embedded database) or the empty database of DATABASE_URL, and its photos into the
// storage the settings choose; refuses a target that holds data unless --force (docs/decisions/0085).
// Stop the app first.
import { parseArgs } from 'node:util';
import type { Manifest } from '../src/server/backup/backup';
import { openArchive, restoreArchive, type OpenedArchive } from '../src/server/backup/restore';
import { loadToolConfig, type ToolConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { storageFor } from '../src/server/storage/from-config';
import { runCli } from './cli';

const USAGE = 'Usage: npm run restore -- FILE [--force]';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadToolConfig();
  // The archive first: a missing or broken file is refused before DATA_DIR gets a database.
  const archive = await openArchive(positionals[0]!);
  try {
    const manifest = await restoreInto(config, archive, values.force);
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`Restored the backup of ${manifest.createdAt}: ${rows} rows, ${manifest.photos} photos.`);
    return 0;
  } finally {
    archive.close();
  }
}

/** Restores `archive` into the database and the photo store the settings name. */
async function restoreInto(config: ToolConfig, archive: OpenedArchive, force: boolean): Promise<Manifest> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, console);
  const photos = storageFor(config);
  try {
    return await restoreArchive({ archive, pool: database.pool, photos, force });
  } finally {
    photos.close();
    await database.close();
  }
}

runCli(main, USAGE);
