import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { blockingFolder, sharedBuffersMb } from './embedded';

describe('blockingFolder', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('names the first folder, from the inside out, that other users cannot enter', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'reach-'));
    const inner = path.join(root, 'a', 'b');
    mkdirSync(inner, { recursive: true });
    chmodSync(root, 0o755);
    chmodSync(path.join(root, 'a'), 0o700);
    chmodSync(inner, 0o755);
    expect(blockingFolder(inner)).toBe(path.join(root, 'a'));
    chmodSync(path.join(root, 'a'), 0o711);
    expect(blockingFolder(inner)).toBe(blockingFolder(path.dirname(root)));
  });
});

describe('sharedBuffersMb', () => {
  const GB = 2 ** 30;
  it("is a quarter of the machine's memory, or of its container's limit when lower", () => {
    expect(sharedBuffersMb(24 * GB, 0)).toBe(6 * 1024);
    expect(sharedBuffersMb(24 * GB, 16 * GB)).toBe(4 * 1024);
    // An unlimited container reports a huge limit.
    expect(sharedBuffersMb(8 * GB, 2 ** 63)).toBe(2 * 1024);
  });

  it("is never less than PostgreSQL's default of 128 MB", () => {
    expect(sharedBuffersMb(256 * 2 ** 20, 0)).toBe(128);
  });
});
