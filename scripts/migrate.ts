// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database.
// The app also does this at every start; this command is for deployments that migrate first.
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { MissingExtensionsError, runMigrations } from '../src/server/db/migrate';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, console);
try {
  await runMigrations(database.pool);
  console.log('Migrations applied.');
} catch (err) {
  if (!(err instanceof MissingExtensionsError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
