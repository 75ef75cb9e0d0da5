import { RestoreRefused } from '../src/server/backup/restore';
import { ConfigError } from '../src/server/config';
import { DataDirInUseError } from '../src/server/db/cluster-owner';
import { MissingExtensionsError } from '../src/server/db/migrate';

/** Failures whose message says all a person needs: shown without a stack. */
const PLAIN = [DataDirInUseError, ConfigError, RestoreRefused, MissingExtensionsError];

/**
 * Runs a command-line script's `main` with its arguments and exits with its code; a failure exits
 * 1, one of the PLAIN kinds (a data folder held by a running app, a bad setting, …) with its plain
 * message rather than a stack.
 */
export function runCli(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(PLAIN.some((kind) => err instanceof kind) ? (err as Error).message : err);
      process.exit(1);
    },
  );
}
