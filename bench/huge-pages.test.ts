import { describe, expect, it } from 'vitest';
import { hugePagesFor } from './huge-pages';

describe('hugePagesFor', () => {
  it('covers what PostgreSQL 18 asks for its shared memory', () => {
    // `SHOW shared_memory_size_in_huge_pages` with 6,026 MB of shared buffers and 200 connections: 3,116.
    expect(hugePagesFor(6026, 2)).toBeGreaterThanOrEqual(3116);
    // The smallest shared buffers the app sets (128 MB) still get their fixed overhead.
    expect(hugePagesFor(128, 2)).toBeGreaterThan(64);
  });

  it('counts in pages of the size given', () => {
    expect(hugePagesFor(4096, 1024)).toBe(5);
  });
});
