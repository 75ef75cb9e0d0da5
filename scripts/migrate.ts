// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database.
// The app also does this at every start; this command is for deployments that migrate first.
import { loadToolConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { runCli, UsageError } from './cli';

const USAGE = 'Usage: npm run db:migrate';

async function main(argv: string[]): Promise<number> {
  if (argv.length > 0) throw new UsageError(`Unexpected argument '${argv[0]}'.`);
  const config = loadToolConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, console);
  try {
    // A missing extension is one of runCli's plain failures: its one line says what to run.
    await runMigrations(database.pool);
    console.log('Migrations applied.');
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
