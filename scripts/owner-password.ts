// `npm run owner-password` prints the OWNER_PASSWORD_HASH for a password (docs/decisions/0080):
// the password is read from standard input (typed, or piped), never from the command line, where
// it would stay in the shell's history.
import { hash } from '@node-rs/argon2';
import { ARGON2 } from '../src/server/lib/passwords';
import { runCli, UsageError } from './cli';
import { readPassword } from './read-password';

const USAGE = 'Usage: npm run owner-password (then type the password; or pipe it in: … | npm run owner-password)';

/**
 * The owner password is the only thing between a stranger and free access, and its limit is per
 * address (docs/decisions/0126): long enough that guessing from many addresses gets nowhere, as
 * NIST SP 800-63B asks of a password used alone.
 */
const OWNER_PASSWORD_MIN = 15;

async function main(argv: string[]): Promise<number> {
  // Never from the command line, where it would stay in the shell's history.
  if (argv.length > 0) throw new UsageError(`Unexpected argument '${argv[0]}': the password is read from standard input, not the command line.`);
  const typed = await readPassword('Owner password: ');
  if (typed === null) {
    console.error('No password was given (the input ended, or was cancelled): type it, or pipe it in, on one line.');
    return 1;
  }
  const password = typed.trim();
  if (password.length < OWNER_PASSWORD_MIN) {
    console.error(`Please choose a password of at least ${OWNER_PASSWORD_MIN} characters: a few words make one that is easy to share and hard to guess.`);
    return 2;
  }
  console.log(`OWNER_PASSWORD_HASH='${await hash(password, ARGON2)}'`);
  return 0;
}

runCli(main, USAGE);
