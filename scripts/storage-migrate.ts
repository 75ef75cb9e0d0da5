// `npm run storage:migrate`: copies the photos of DATA_DIR/uploads into the bucket that the S3_*
// settings name, so every instance serves them (docs/decisions/0085). Safe to run again: objects
// already in the bucket are skipped. The folder is left as it is; remove it once the app runs on
// the bucket.
import { loadToolConfig } from '../src/server/config';
import { copyObjects } from '../src/server/storage/copy';
import { uploadsFolder } from '../src/server/storage/from-config';
import { createLocalStorage } from '../src/server/storage/local';
import { createS3Storage, s3SettingsOf } from '../src/server/storage/s3';
import { explainS3Failure } from '../src/server/storage/s3-failure';
import { runCli, UsageError } from './cli';

const USAGE = 'Usage: npm run storage:migrate (with S3_BUCKET and the S3_* settings your store needs)';

async function main(argv: string[]): Promise<number> {
  if (argv.length > 0) throw new UsageError(`Unexpected argument '${argv[0]}': the S3_* settings say where the photos go.`);
  const config = loadToolConfig();
  const settings = s3SettingsOf(config);
  if (!settings) {
    console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as your store needs) to say where the photos go.');
    return 2;
  }
  const folder = uploadsFolder(config);
  const bucket = createS3Storage(settings);
  try {
    await bucket.check();
    console.log(`Copying the photos of ${folder} into bucket "${settings.bucket}"…`);
    const report = await copyObjects(createLocalStorage(folder), bucket, (key) => console.log(`  ${key}`));
    console.log(`Copied ${report.copied}, already there ${report.skipped}.`);
    return 0;
  } catch (err) {
    // A wrong bucket, refused keys or a server that is down: one line that names it.
    throw explainS3Failure(err, settings);
  } finally {
    bucket.close();
  }
}

runCli(main, USAGE);
