import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { sharedBuffersMb } from '../../src/server/db/embedded';

describe('the embedded PostgreSQL', () => {
  it('runs with shared buffers sized to the memory it may use (docs/decisions/0094)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'embedded-memory-'));
    const database = await openDatabase({ dataDir: dir }, { info: () => {}, warn: () => {} });
    try {
      const { rows } = await database.pool.query<{ bytes: string }>(
        "SELECT (setting::bigint * 8192)::text AS bytes FROM pg_settings WHERE name = 'shared_buffers'",
      );
      expect(Number(rows[0]!.bytes)).toBe(sharedBuffersMb() * 2 ** 20);
      expect(sharedBuffersMb()).toBeGreaterThanOrEqual(128);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
