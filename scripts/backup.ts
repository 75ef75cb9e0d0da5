// `npm run backup [-- --out DIR]`: one dated archive of the database (from one snapshot) and, with
// the local folder, the photos (docs/decisions/0085). Works beside a running app.
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createBackup } from '../src/server/backup/backup';
import { loadToolConfig } from '../src/server/config';
import { openForMaintenance } from '../src/server/db/maintenance';
import { createLocalStorage } from '../src/server/storage/local';
import { uploadsFolder } from '../src/server/storage/from-config';
import { runCli, UsageError } from './cli';

const USAGE = 'Usage: npm run backup [-- --out DIR]';

/** Whether `dir` is there but not a folder: said before anything starts, rather than as mkdir's EEXIST. */
const isNonFolder = (dir: string) => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === false;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { out: { type: 'string', default: 'backups' } } });
  if (isNonFolder(values.out)) throw new UsageError(`--out ${values.out} is a file, not a folder: name a folder for the archive.`);
  const config = loadToolConfig();
  const database = await openForMaintenance(config, console);
  try {
    // Photos in a bucket stay there: back the bucket up with the store's own means (versioning, replication).
    const photos = config.S3_BUCKET ? null : createLocalStorage(uploadsFolder(config));
    const { file, manifest } = await createBackup({ pool: database.pool, photos, outDir: values.out });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`Wrote ${file}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.photos} photos${photos ? '' : ` (photos are in bucket "${config.S3_BUCKET}")`}.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
