import { RestoreRefused } from '../src/server/backup/restore';
import { ConfigError } from '../src/server/config';
import { DataDirInUseError } from '../src/server/db/cluster-owner';
import { MissingExtensionsError } from '../src/server/db/migrate';
import { NoDatabaseError } from '../src/server/db/no-database';
import { S3Failure } from '../src/server/storage/s3-failure';

/** A wrong argument, found by the script itself: its message, then the usage, exit 2. */
export class UsageError extends Error {}

/** Failures whose message says all a person needs: shown without a stack. */
const PLAIN = [DataDirInUseError, ConfigError, RestoreRefused, MissingExtensionsError, NoDatabaseError, S3Failure];

/** The exit code of a wrong argument, as admin, seed and photos:sweep have always used. */
export const USAGE_EXIT = 2;

/** node:util parseArgs' errors (unknown option, missing value, unexpected argument) carry these codes. */
const isParseArgsError = (err: unknown) => String((err as { code?: unknown } | null)?.code ?? '').startsWith('ERR_PARSE_ARGS_');

/**
 * The first sentence of parseArgs' message, without its full stop (which it has only sometimes):
 * the rest explains `--` to a programmer ("To specify a positional argument starting with a '-', …").
 */
const firstSentence = (message: string) => message.split(/(?<=\.)\s/)[0]!.replace(/\.$/, '');

/** Whether `argv` asks for help (before a `--`, after which everything is an argument). */
export function asksForHelp(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * What a person sees when `main` fails, and the exit code: a wrong argument (ours or parseArgs')
 * in one line with the usage, exit 2; a PLAIN kind in its message, exit 1; anything else with
 * its stack, exit 1, since it is a bug or a failure we did not foresee.
 */
export function failureOf(err: unknown, usage: string): { text: unknown; code: number } {
  if (err instanceof UsageError) return { text: `${err.message}\n${usage}`, code: USAGE_EXIT };
  if (isParseArgsError(err)) return { text: `${firstSentence((err as Error).message)}\n${usage}`, code: USAGE_EXIT };
  // Another DATA_DIR, as `npm start` is told, would be another database: the tool must wait for the app.
  if (err instanceof DataDirInUseError) return { text: `The data folder ${err.clusterDir} is in use by the running app: stop the app (pid ${err.appPid}) first, then run this again.`, code: 1 };
  if (PLAIN.some((kind) => err instanceof kind)) return { text: (err as Error).message, code: 1 };
  return { text: err, code: 1 };
}

/**
 * Runs a command-line script's `main` with its arguments and exits with its code. `--help` (or
 * `-h`) prints `usage` and exits 0 without running it; a failure is shown as `failureOf` says.
 */
export function runCli(main: (argv: string[]) => Promise<number>, usage: string): void {
  const argv = process.argv.slice(2);
  if (asksForHelp(argv)) {
    console.log(usage);
    process.exit(0);
  }
  main(argv).then(
    (code) => process.exit(code),
    (err: unknown) => {
      const { text, code } = failureOf(err, usage);
      console.error(text);
      process.exit(code);
    },
  );
}
