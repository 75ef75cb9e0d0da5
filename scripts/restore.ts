// `npm run restore -- FILE [--force]`: restores an archive of `npm run backup` into an empty
// DATA_DIR (the embedded database) or the empty database of DATABASE_URL, and its photos into the
// storage the settings choose; refuses a target that holds data unless --force (docs/decisions/0085).
// Stop the app first.
import { parseArgs } from 'node:util';
import { restoreBackup } from '../src/server/backup/restore';
import { loadConfig } from '../src/server/config';
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
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, console);
  const photos = storageFor(config);
  try {
    const manifest = await restoreBackup({ file: positionals[0]!, pool: database.pool, photos, force: values.force });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`Restored the backup of ${manifest.createdAt}: ${rows} rows, ${manifest.photos} photos.`);
    return 0;
  } finally {
    photos.close();
    await database.close();
  }
}

runCli(main, USAGE);
