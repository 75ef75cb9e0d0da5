import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError } from '../src/server/db/cluster-owner';
import { asksForHelp, failureOf, UsageError } from './cli';
import { runScript } from './run-script';

const USAGE = 'Usage: npm run thing -- FILE';

describe('failureOf', () => {
  it("gives parseArgs' errors in their first sentence with the usage, exit 2, no stack", () => {
    const parse = (args: string[]) => parseArgs({ args, options: { out: { type: 'string' } } });
    for (const [args, line] of [
      [['--bogus'], "Unknown option '--bogus'"],
      [['--out'], "Option '--out <value>' argument missing"],
      [['extra'], "Unexpected argument 'extra'"],
    ] as const) {
      let thrown: unknown;
      try {
        parse([...args]);
      } catch (err) {
        thrown = err;
      }
      expect(failureOf(thrown, USAGE)).toEqual({ text: `${line}\n${USAGE}`, code: 2 });
    }
  });

  it("gives a script's own UsageError the same way", () => {
    expect(failureOf(new UsageError('--out x is a file, not a folder.'), USAGE)).toEqual({ text: `--out x is a file, not a folder.\n${USAGE}`, code: 2 });
  });

  it('tells a tool whose data folder the app holds to stop the app first, not to use another DATA_DIR', () => {
    const { text, code } = failureOf(new DataDirInUseError('/srv/data/pg', 4242, 4250), USAGE);
    expect({ text, code }).toEqual({ text: 'The data folder /srv/data/pg is in use by the running app: stop the app (pid 4242) first, then run this again.', code: 1 });
  });

  it('leaves an unforeseen failure whole, with its stack, exit 1', () => {
    const err = new TypeError('boom');
    expect(failureOf(err, USAGE)).toEqual({ text: err, code: 1 });
  });
});

describe('asksForHelp', () => {
  it('is --help or -h anywhere before a --', () => {
    expect(asksForHelp(['FILE', '--help'])).toBe(true);
    expect(asksForHelp(['-h'])).toBe(true);
    expect(asksForHelp(['--', '--help'])).toBe(false);
    expect(asksForHelp(['grant', 'a@b.c'])).toBe(false);
  });
});

/** Every script, run as npm runs it, with --help and with a wrong argument (none gets to a database). */
describe('the scripts, with --help and a wrong argument', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cli-'));
  const aFile = path.join(tmp, 'a-file');
  writeFileSync(aFile, 'not a folder');
  mkdirSync(path.join(tmp, 'data'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  // A DATA_DIR of its own: a script that wrongly went on would not touch ./data.
  const env = { ...process.env, DATA_DIR: path.join(tmp, 'data'), DATABASE_URL: '' };
  const run = (script: string, args: string[]) => runScript(script, args, env);

  const scripts = ['admin', 'backup', 'restore', 'photos-sweep', 'storage-migrate', 'owner-password', 'migrate', 'seed', 'cluster'];
  it.concurrent.each(scripts)('%s --help prints its usage and exits 0', async (script) => {
    const { code, stdout, stderr } = await run(script, ['--help']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^Usage: npm run \S+/);
  }, 60_000);

  const wrong: [string, string[], RegExp][] = [
    ['backup', ['--bogus'], /^Unknown option '--bogus'\.?\nUsage: npm run backup/],
    ['backup', ['--out'], /^Option '--out <value>' argument missing\nUsage: npm run backup/],
    ['backup', ['--out', aFile], /^--out \S+ is a file, not a folder: name a folder for the archive\.\nUsage: npm run backup/],
    ['restore', ['FILE', '--bogus'], /^Unknown option '--bogus'\.?\nUsage: npm run restore/],
    ['cluster', ['--bogus'], /^Unknown option '--bogus'\.?\nUsage: npm run cluster/],
    ['cluster', ['extra'], /^Unexpected argument 'extra'\nUsage: npm run cluster/],
    ['storage-migrate', ['--bogus'], /^Unexpected argument '--bogus': .*\nUsage: npm run storage:migrate/],
    ['owner-password', ['--bogus'], /^Unexpected argument '--bogus': .*\nUsage: npm run owner-password/],
    ['migrate', ['--bogus'], /^Unexpected argument '--bogus'\.\nUsage: npm run db:migrate/],
    ['seed', ['--bogus'], /^Unknown option '--bogus'\.?\nUsage: npm run seed/],
    ['admin', ['grant', 'a@b.c', 'extra'], /^Usage: npm run admin/],
  ];
  it.concurrent.each(wrong)('%s %j says what is wrong in one line, with the usage, exit 2', async (script, args, says) => {
    const { code, stdout, stderr } = await run(script, args);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(says);
    expect(stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
  }, 60_000);
});
