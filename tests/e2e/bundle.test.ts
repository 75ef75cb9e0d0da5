import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gzippedSize, initialFilesOf, JS_BUDGET } from '../../bench/bundle';
import { WEB_DIST } from '../../scripts/web-build.mjs';

/**
 * The first screen's JS, in the production build these journeys run on (global-setup builds it):
 * within the bench's budget, and without the schema library, which only forms and dialogs load
 * (docs/decisions/0133). The bench reports the figure; this keeps it from growing unseen.
 */
describe('the home page first JS', () => {
  const files = initialFilesOf(WEB_DIST);

  it('is an entry script of the build', () => {
    expect(files.some((f) => /^assets\/index-.*\.js$/.test(f))).toBe(true);
  });

  it(`stays within ${JS_BUDGET / 1024} KB gzipped`, () => {
    const total = files.reduce((sum, f) => sum + gzippedSize(WEB_DIST, f), 0);
    expect(total).toBeLessThanOrEqual(JS_BUDGET);
  });

  it('leaves zod to the chunks that validate forms', () => {
    const withZod = files.filter((f) => readFileSync(path.join(WEB_DIST, f), 'utf8').includes('ZodError'));
    expect(withZod).toEqual([]);
  });
});
