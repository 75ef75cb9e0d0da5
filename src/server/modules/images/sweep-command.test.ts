import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../storage/local';
import { photosSweep } from './sweep-command';
import { UNNAMED_MIN_AGE_MS } from './sweep';

describe('npm run photos:sweep, counting (0119)', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('gives no advice to check the settings when the daily sweep would remove the files itself', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sweep-command-'));
    const storage = createLocalStorage(root);
    for (const name of ['a', 'b']) await storage.put(`posts/${name}.webp`, Buffer.from('webp'), 'image/webp');
    const later = new Date(Date.now() + UNNAMED_MIN_AGE_MS + 60_000);
    const lines = await photosSweep({ storage, folder: 'posts', named: async () => new Set() }, false, later);
    expect(lines).toEqual([
      expect.stringMatching(/^2 of the 2 stored photo files written before \S+ are named by no post\.$/),
      'The daily sweep removes them. Nothing removed; npm run photos:sweep -- --remove removes them now.',
    ]);
    expect(lines.join('\n')).not.toMatch(/Check that DATABASE_URL/);
  });
});
