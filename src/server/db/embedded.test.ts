import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { blockingFolder } from './embedded';

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
