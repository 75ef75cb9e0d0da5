import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_CREDENTIALS, startS3Server, type S3Server } from '../../../scripts/s3-server';
import { createS3Storage, type S3Settings } from './s3';
import { s3FailureLine } from './s3-failure';

/** What `npm run storage:migrate` says when the bucket's check fails, against a real S3-compatible server. */
describe('s3FailureLine', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 's3-failure-'));
  let s3: S3Server;
  let settings: S3Settings;
  beforeAll(async () => {
    s3 = await startS3Server({ directory: path.join(tmp, 's3'), buckets: ['photos'] });
    settings = { bucket: 'photos', region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { ...S3_CREDENTIALS } };
  });
  afterAll(async () => {
    await s3.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  /** The line for the failure of checking the bucket `with` these settings changed. */
  async function lineFor(change: Partial<S3Settings>): Promise<string | null> {
    const changed = { ...settings, ...change };
    const bucket = createS3Storage(changed);
    try {
      await bucket.check();
      return 'no failure';
    } catch (err) {
      return s3FailureLine(err, changed);
    } finally {
      bucket.close();
    }
  }

  it('names a bucket that does not exist', async () => {
    expect(await lineFor({ bucket: 'phtoos' })).toBe(`The bucket 'phtoos' does not exist at S3_ENDPOINT=${s3.endpoint}: check S3_BUCKET.`);
  });

  it('says the keys were refused', async () => {
    expect(await lineFor({ credentials: { accessKeyId: 'wrong', secretAccessKey: 'wrong' } })).toBe(
      `The S3 keys were refused by S3_ENDPOINT=${s3.endpoint} for bucket 'photos' (HTTP 403): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and their rights to the bucket.`,
    );
  });

  it('says a server that is down could not be reached', async () => {
    const down = 'http://127.0.0.1:9';
    expect(await lineFor({ endpoint: down })).toBe(`Could not reach S3_ENDPOINT=${down}: connection refused.`);
  });

  it('names AWS and its region without an endpoint, and leaves other failures to their stack', () => {
    const aws = { ...settings, endpoint: undefined, region: 'ca-central-1' };
    expect(s3FailureLine({ name: 'TimeoutError' }, aws)).toBe('Could not reach AWS S3 (S3_REGION=ca-central-1): no answer (timed out).');
    expect(s3FailureLine(new TypeError('x is undefined'), aws)).toBeNull();
  });
});
