// `npm run photos:sweep`: how many stored photo files written over a day ago no post names, which
// the app's daily sweep removes, removing nothing; `-- --remove` removes them, also when the daily
// sweep holds back from so many (docs/decisions/0119). Stop the app first when it uses ./data.
import { loadToolConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { IMAGE_FOLDER } from '../src/server/modules/images/service';
import { photosSweep } from '../src/server/modules/images/sweep-command';
import { namedImageKeys } from '../src/server/modules/posts/repository';
import { storageFor } from '../src/server/storage/from-config';
import { s3SettingsOf } from '../src/server/storage/s3';
import { explainS3Failure } from '../src/server/storage/s3-failure';
import { runCli } from './cli';

const USAGE = 'Usage: npm run photos:sweep [-- --remove]';

async function main(argv: string[]): Promise<number> {
  const remove = argv[0] === '--remove';
  if (argv.length > 1 || (argv.length === 1 && !remove)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadToolConfig();
  // The database first: a DATA_DIR without one is refused before anything is made there.
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, mustExist: true });
  const storage = storageFor(config);
  try {
    await storage.check();
    const lines = await photosSweep({ storage, folder: IMAGE_FOLDER, named: (keys) => namedImageKeys(database.db, keys) }, remove);
    for (const line of lines) console.log(line);
    return 0;
  } catch (err) {
    // With a bucket: a wrong one, refused keys or a server that is down, in one line that names it.
    throw explainS3Failure(err, s3SettingsOf(config));
  } finally {
    storage.close();
    await database.close();
  }
}

runCli(main, USAGE);
