// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database.
// The app also does this at every start; this command is for deployments that migrate first.
import { loadConfig } from '../src/server/config';
import { openDatabase, runMigrations } from '../src/server/db/client';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, console);
try {
  await runMigrations(database.db);
  console.log('Migrations applied.');
} finally {
  await database.close();
}
