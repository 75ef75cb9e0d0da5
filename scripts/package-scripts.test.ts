import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };

/**
 * npm runs a script through `sh -c`, and npm passes SIGTERM on to that shell only; Debian's sh
 * (dash) dies of it without passing it on, and the app would run on, its PostgreSQL with it
 * (`docker stop`, `kill`; docs/decisions/0134). `exec` makes the long-running process the shell.
 */
describe('the long-running npm scripts', () => {
  it.each(['start', 'dev', 'cluster'])('%s replaces npm’s shell, so a signal sent to npm reaches it', (name) => {
    expect(scripts[name]).toMatch(/^exec /);
  });
});
