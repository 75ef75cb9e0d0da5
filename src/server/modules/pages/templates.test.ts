import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOME_DIALOGS, LAZY_SCREENS } from '../../../domain/pages';
import { preloadLinks } from './templates';

describe('preloadLinks', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_shared-b.js'] },
    'features/access/components/subscribe-page.tsx': {
      file: 'assets/subscribe-page-c.js',
      imports: ['index.html', '_shared-b.js', '_plans-d.js'],
    },
    '_shared-b.js': { file: 'assets/shared-b.js' },
    '_plans-d.js': { file: 'assets/plans-d.js', imports: ['_shared-b.js'] },
  };

  it("preloads a screen's chunk and every chunk it imports, once each, but the entry's", () => {
    expect(preloadLinks(manifest, 'features/access/components/subscribe-page.tsx').split('\n  ')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/subscribe-page-c.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/shared-b.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/plans-d.js" />',
    ]);
  });

  it('preloads nothing for a module the build does not know', () => {
    expect(preloadLinks(manifest, 'app/routes/gone.tsx')).toBe('');
  });
});

describe('LAZY_SCREENS', () => {
  it.each(Object.entries(LAZY_SCREENS))('names a screen module that exists (%s)', (_page, module) => {
    expect(existsSync(path.resolve('src/web', module))).toBe(true);
  });
});

describe('HOME_DIALOGS', () => {
  it.each(Object.entries(HOME_DIALOGS))('names a dialog module that exists (%s)', (_query, module) => {
    expect(existsSync(path.resolve('src/web', module))).toBe(true);
  });
});
