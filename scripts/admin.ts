// `npm run admin -- grant EMAIL` makes a member an admin; `revoke EMAIL` takes it back (DECISIONS 3).
// Each change is appended to the audit log (issue 19), by 'the command line'.
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema/users';
import { notify } from '../src/server/events/bus';
import { SESSION_CHANGED } from '../src/server/events/topics';
import { appendToAuditLog } from '../src/server/modules/admin/service';
import { runCli } from './cli';

const USAGE = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL';
/** Who the audit log names for a change made here. */
const COMMAND_LINE = 'the command line (npm run admin)';

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error(USAGE);
    return 2;
  }
  const isAdmin = command === 'grant';
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const member = await database.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ id: users.id, username: users.username, isAdmin: users.isAdmin })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
        .for('update');
      if (!before) return undefined;
      await tx.update(users).set({ isAdmin }).where(eq(users.id, before.id));
      await appendToAuditLog(tx, [
        {
          adminId: null,
          adminName: COMMAND_LINE,
          action: isAdmin ? 'admin_granted' : 'admin_revoked',
          targetType: 'user',
          targetId: before.id,
          targetName: before.username,
          subjectUserId: before.id,
          changes: { before: { isAdmin: before.isAdmin }, after: { isAdmin } },
        },
      ]);
      return before;
    });
    if (!member) {
      console.error(`No member with the email ${email}. They must register first.`);
      return 1;
    }
    // Running app instances drop their cached copy of this member at once (docs/decisions/0050).
    await notify(database.pool, SESSION_CHANGED, { userId: member.id });
    console.log(`${member.username} (${email}) is ${isAdmin ? 'now an admin' : 'no longer an admin'}.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);
