// `npm run admin -- grant EMAIL` makes a member an admin; `revoke EMAIL` takes it back (DECISIONS 3).
// Each change is appended to the audit log (issue 19), by 'the command line'; ADMIN_EMAILS grants
// the same way when the app starts (docs/decisions/0110). `password MEMBER` sets a member's password,
// read from standard input, for one who forgot theirs on a server that mails no links (0135);
// `email MEMBER NEW-EMAIL` sets their email, for one whose account was taken over and moved (0139).
// MEMBER is the member's email or account id.
import { Email, Password } from '../src/domain/auth';
import { suspendedUntilText } from '../src/domain/suspension';
import { loadToolConfig, type ToolConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { setMemberEmail } from '../src/server/modules/admin/member-email';
import { setMemberPassword } from '../src/server/modules/admin/member-password';
import { COMMAND_LINE, setAdminRole } from '../src/server/modules/admin/service';
import { createMailService, mailedLinkOrigin } from '../src/server/modules/mail/service';
import { runCli } from './cli';
import { readPassword } from './read-password';

const USAGE =
  'Usage: npm run admin -- grant EMAIL | revoke EMAIL | password MEMBER (then type the password; or pipe it in) | email MEMBER NEW-EMAIL\n' +
  'MEMBER is the member\'s email or account id.';
/** Each command and the number of its arguments. */
const COMMANDS = new Map([
  ['grant', 1],
  ['revoke', 1],
  ['password', 1],
  ['email', 2],
]);

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

/** The mail the tools send (when SMTP_URL is set), and the site's address for its links. */
function toolMail(database: Database, config: ToolConfig) {
  const mail = createMailService({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: { warn: () => undefined } });
  return { mail, origin: mailedLinkOrigin(mail, config.PUBLIC_URL) };
}

const browsers = (n: number) => `${n} browser${n === 1 ? '' : 's'}`;
const noMember = (ref: string) => `No member with the email or id ${ref.trim()}.`;

async function setPassword(database: Database, config: ToolConfig, ref: string, password: string): Promise<number> {
  const told = toolMail(database, config);
  const set = await setMemberPassword(database, told, ref, password, COMMAND_LINE);
  if (!set) {
    console.error(noMember(ref));
    return 1;
  }
  const mailed = told.mail.enabled ? ' They are told by mail.' : '';
  console.log(`${set.username} (${set.email}) has a new password, and was signed out of ${browsers(set.ended)}.${mailed} Tell them to change it on their account page once signed in.`);
  return 0;
}

async function setEmail(database: Database, config: ToolConfig, ref: string, email: string): Promise<number> {
  const told = toolMail(database, config);
  const set = await setMemberEmail(database, told, { ref, email, by: COMMAND_LINE });
  switch (set.outcome) {
    case 'unknown':
      console.error(noMember(ref));
      return 1;
    case 'taken':
      console.error(`Another account uses ${email}: nothing was changed.`);
      return 1;
    case 'same':
      console.log(`${set.username} already signs in with ${email}: nothing was changed.`);
      return 0;
    case 'moved': {
      const mailed = told.mail.enabled ? ' Both addresses are told by mail.' : '';
      const next = told.origin ? 'The new one gets a link to choose a password.' : `Set one next: npm run admin -- password ${email}`;
      const admin = set.isAdmin ? ` They are an admin; if they should not be: npm run admin -- revoke ${email}` : '';
      console.log(`${set.username} now signs in with ${email} (was ${set.from}), was signed out of ${browsers(set.ended)}, and has no password now.${mailed} ${next}${admin}`);
      return 0;
    }
  }
}

/** What the command does once the database is open; null (said why) when its arguments will not do. */
async function prepare(command: string, ref: string, argument: string | undefined): Promise<((database: Database, config: ToolConfig) => Promise<number>) | null> {
  switch (command) {
    case 'password': {
      // Read before the database is opened: nothing waits on a person typing.
      const password = await typedPassword(ref);
      return password === null ? null : (database, config) => setPassword(database, config, ref, password);
    }
    case 'email': {
      const email = Email.safeParse(argument);
      if (!email.success) console.error(`${email.error.issues[0]!.message}: ${argument}`);
      return email.success ? (database, config) => setEmail(database, config, ref, email.data) : null;
    }
    default:
      return (database) => setRole(database, ref, command === 'grant');
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ref, argument] = argv;
  if (!command || !ref || COMMANDS.get(command) !== argv.length - 1) {
    console.error(USAGE);
    return 2;
  }
  const run = await prepare(command, ref, argument);
  if (!run) return 2;
  const config = loadToolConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, mustExist: true });
  try {
    return await run(database, config);
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
