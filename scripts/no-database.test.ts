import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from './run-script';

/**
 * The maintenance commands pointed at a DATA_DIR the app never ran in (a typo): one line, exit 1,
 * and nothing made there, rather than a new embedded cluster and "relation users does not exist".
 */
describe('the scripts, with a DATA_DIR that holds no database', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'no-database-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const typo = path.join(tmp, 'dta');
  const env = { ...process.env, DATA_DIR: typo, DATABASE_URL: '', S3_BUCKET: '' };

  it.concurrent.each([
    ['admin', ['grant', 'a@b.c']],
    ['backup', ['--out', path.join(tmp, 'backups')]],
    ['photos-sweep', []],
  ])('%s refuses it in one line and leaves no folder behind', async (script, args) => {
    const { code, stdout, stderr } = await runScript(script, args, env);
    expect({ code, stdout, stderr }).toEqual({ code: 1, stdout: '', stderr: `There is no database in DATA_DIR=${typo} (start the app once there, or check DATA_DIR).\n` });
    expect(existsSync(typo)).toBe(false);
    expect(existsSync(path.join(tmp, 'backups'))).toBe(false);
  }, 60_000);
});

describe('npm run restore, with a file that is no archive', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'restore-refused-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const target = path.join(tmp, 'new-data');
  const env = { ...process.env, DATA_DIR: target, DATABASE_URL: '', S3_BUCKET: '' };

  it('refuses a missing file before making anything in DATA_DIR', async () => {
    const missing = path.join(tmp, 'nonexistent.tar.gz');
    expect(await runScript('restore', [missing], env)).toEqual({ code: 1, stdout: '', stderr: `There is no file ${missing}.\n` });
    expect(existsSync(target)).toBe(false);
  }, 60_000);

  it('says a corrupt file is not a backup archive, in one line, before making anything', async () => {
    const corrupt = path.join(tmp, 'corrupt.tar.gz');
    writeFileSync(corrupt, 'not gzip at all');
    const { code, stdout, stderr } = await runScript('restore', [corrupt], env);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toMatch(new RegExp(`^${corrupt.replace(/[.]/g, '\\.')} is not a backup archive: .*gzip.*\\n$`));
    expect(existsSync(target)).toBe(false);
  }, 60_000);
});
