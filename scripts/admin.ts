// `npm run admin -- grant EMAIL` makes a member an admin; `revoke EMAIL` takes it back (DECISIONS 3).
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema/users';
import { notify } from '../src/server/events/bus';
import { SESSION_CHANGED } from '../src/server/events/topics';
import { runCli } from './cli';

const USAGE = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL';

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const updated = await database.db
      .update(users)
      .set({ isAdmin: command === 'grant' })
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .returning({ id: users.id, username: users.username });
    if (updated.length === 0) {
      console.error(`No member with the email ${email}. They must register first.`);
      return 1;
    }
    // Running app instances drop their cached copy of this member at once (docs/decisions/0050).
    await notify(database.pool, SESSION_CHANGED, { userId: updated[0]!.id });
    console.log(`${updated[0]!.username} (${email}) is ${command === 'grant' ? 'now an admin' : 'no longer an admin'}.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);
