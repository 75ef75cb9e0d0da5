// `npm run admin -- grant EMAIL` makes a member an admin; `revoke EMAIL` takes it back (DECISIONS 3).
// Each change is appended to the audit log (issue 19), by 'the command line'; ADMIN_EMAILS grants
// the same way when the app starts (docs/decisions/0110). `password EMAIL` sets a member's password,
// read from standard input, for one who forgot theirs on a server that mails no links (0135).
import { Password } from '../src/domain/auth';
import { suspendedUntilText } from '../src/domain/suspension';
import { loadToolConfig, type ToolConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { setMemberPassword } from '../src/server/modules/admin/member-password';
import { COMMAND_LINE, setAdminRole } from '../src/server/modules/admin/service';
import { createMailService, mailedLinkOrigin } from '../src/server/modules/mail/service';
import { runCli } from './cli';
import { readPassword } from './read-password';

const USAGE = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL | password EMAIL (then type the password; or pipe it in)';
const COMMANDS = new Set(['grant', 'revoke', 'password']);

async function setRole(database: Database, email: string, isAdmin: boolean): Promise<number> {
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
}

/**
 * The password from standard input, as the app's rules take it (its spaces kept, as the sign-in
 * keeps them); typed twice on a terminal, where it is not shown. Null (said why) when there is
 * none, the two differ, or it breaks the rules.
 */
async function typedPassword(email: string): Promise<string | null> {
  const typed = await readPassword(`New password for ${email}: `);
  if (typed === null) {
    console.error('No password was given (the input ended, or was cancelled): type it, or pipe it in, on one line.');
    return null;
  }
  if (process.stdin.isTTY && (await readPassword('The same again: ')) !== typed) {
    console.error('The two passwords differ: nothing was changed.');
    return null;
  }
  const checked = Password.safeParse(typed);
  if (!checked.success) console.error(checked.error.issues[0]!.message);
  return checked.success ? checked.data : null;
}

async function setPassword(database: Database, config: ToolConfig, email: string, password: string): Promise<number> {
  const mail = createMailService({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: { warn: () => undefined } });
  const set = await setMemberPassword(database, { mail, origin: mailedLinkOrigin(mail, config.PUBLIC_URL) }, email, password, COMMAND_LINE);
  if (!set) {
    console.error(`No member with the email ${email}.`);
    return 1;
  }
  const mailed = mail.enabled ? ' They are told by mail.' : '';
  console.log(`${set.username} (${email}) has a new password, and was signed out of ${set.ended} browser${set.ended === 1 ? '' : 's'}.${mailed} Tell them to change it on their account page once signed in.`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (!command || !COMMANDS.has(command) || !email || argv.length > 2) {
    console.error(USAGE);
    return 2;
  }
  // Read before the database is opened: nothing waits on a person typing.
  const password = command === 'password' ? await typedPassword(email) : null;
  if (command === 'password' && password === null) return 2;
  const config = loadToolConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, mustExist: true });
  try {
    return password === null ? await setRole(database, email, command === 'grant') : await setPassword(database, config, email, password);
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
