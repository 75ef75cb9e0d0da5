import { DataDirInUseError } from '../src/server/db/cluster-owner';

/**
 * Runs a command-line script's `main` with its arguments and exits with its code; a failure exits
 * 1, a data folder held by a running app with its plain message rather than a stack.
 */
export function runCli(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof DataDirInUseError ? err.message : err);
      process.exit(1);
    },
  );
}
