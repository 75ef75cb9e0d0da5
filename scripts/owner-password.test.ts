import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./owner-password.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));
/** `npm run owner-password` with the password typed on its standard input. */
const run = (password: string) => spawnSync(process.execPath, [tsx, script], { input: `${password}\n`, encoding: 'utf8' });
/** The same with nothing on standard input (`< /dev/null`). */
const runWithNoInput = () => spawnSync(process.execPath, [tsx, script], { input: '', encoding: 'utf8' });

describe('npm run owner-password (0126)', () => {
  it('refuses a password shorter than 15 characters, saying why', () => {
    const short = run('fourteen chars');
    expect(short.status).toBe(2);
    expect(short.stdout).toBe('');
    expect(short.stderr).toContain('Please choose a password of at least 15 characters: a few words make one that is easy to share and hard to guess.');
  });

  it('says no password was given for empty input, and prints no hash', () => {
    const none = runWithNoInput();
    expect(none.status).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('No password was given');
  });

  it('prints the hash of a long enough one, which the app verifies', async () => {
    const done = run('  apple firewood skids  ');
    expect(done.status, done.stderr).toBe(0);
    const hash = /^OWNER_PASSWORD_HASH='(\$argon2id\$[^']+)'\n$/.exec(done.stdout)?.[1];
    expect(hash).toBeDefined();
    expect(await verify(hash!, 'apple firewood skids')).toBe(true);
  });
});
