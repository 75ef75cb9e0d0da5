// `npm run admin -- grant EMAIL` makes a member an admin; `revoke EMAIL` takes it back (DECISIONS 3).
// Each change is appended to the audit log (issue 19), by 'the command line'; ADMIN_EMAILS grants
// the same way when the app starts (docs/decisions/0110).
import { suspendedUntilText } from '../src/domain/suspension';
import { loadToolConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { COMMAND_LINE, setAdminRole } from '../src/server/modules/admin/service';
import { runCli } from './cli';

const USAGE = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL';

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email || argv.length > 2) {
    console.error(USAGE);
    return 2;
  }
  const isAdmin = command === 'grant';
  const config = loadToolConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, mustExist: true });
  try {
    const member = await setAdminRole(database, email, isAdmin, COMMAND_LINE);
    if (!member) {
      console.error(`No member with the email ${email}. They must register first.`);
      return 1;
    }
    if (member.refusedFor) {
      console.error(`${member.username} (${email}) is suspended until ${suspendedUntilText(member.refusedFor.until)}: an admin cannot be suspended, so they are not made one. An admin lifts the suspension first.`);
      return 1;
    }
    const role = member.changed ? (isAdmin ? 'now an admin' : 'no longer an admin') : isAdmin ? 'already an admin' : 'not an admin';
    console.log(`${member.username} (${email}) is ${role}.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
