import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = fileURLToPath(new URL('../..', import.meta.url));

/** Every screen file of the web app (not tests). */
function screens(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return screens(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('pictures of photo-less posts', () => {
  // The spec's apple, fire and log emoji are empty boxes without an emoji font (many Linux
  // desktops, the test browser): posts are drawn with TypeArt instead (docs/decisions/0087).
  it('are never an emoji on any screen', () => {
    const offenders = screens(WEB).filter((file) =>
      /[\u{1F34E}\u{1F525}\u{1FAB5}]/u.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => path.relative(WEB, file))).toEqual([]);
  });
});
