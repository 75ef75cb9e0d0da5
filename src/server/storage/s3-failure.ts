import type { S3Settings } from './s3';

/** Network failures that mean the store was not reached at all, in words. */
const UNREACHED: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'no answer (timed out)',
  EHOSTUNREACH: 'the host is unreachable',
  TimeoutError: 'no answer (timed out)',
};

/** Where the store is, as the settings name it: the endpoint, or AWS in its region. */
const whereOf = (settings: S3Settings) => (settings.endpoint ? `S3_ENDPOINT=${settings.endpoint}` : `AWS S3 (S3_REGION=${settings.region})`);

/**
 * One line for a failure of the store that the S3_* settings name, for the command-line tools: the
 * SDK's own errors of a HeadBucket say "NotFound: UnknownError" (a wrong bucket) or
 * "Unknown: UnknownError" (wrong keys, 403), which do not tell an operator what to change. Null
 * for a failure that is not about reaching the store (a bug: shown with its stack).
 */
export function s3FailureLine(err: unknown, settings: S3Settings): string | null {
  const where = whereOf(settings);
  const { code, name, $metadata } = (err ?? {}) as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  const unreached = UNREACHED[code ?? ''] ?? UNREACHED[name ?? ''];
  if (unreached) return `Could not reach ${where}: ${unreached}.`;
  const status = $metadata?.httpStatusCode;
  if (status === 404 || name === 'NoSuchBucket') return `The bucket '${settings.bucket}' does not exist at ${where}: check S3_BUCKET.`;
  if (status === 401 || status === 403) {
    return `The S3 keys were refused by ${where} for bucket '${settings.bucket}' (HTTP ${status}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and their rights to the bucket.`;
  }
  if (status) return `${where} answered HTTP ${status} (${name ?? 'no reason given'}) for bucket '${settings.bucket}'.`;
  return null;
}

/** A failure of the store, in `s3FailureLine`'s one line (shown by the command-line tools without a stack). */
export class S3Failure extends Error {}

/** `err` as an S3Failure when `s3FailureLine` has words for it; otherwise `err` itself. */
export function explainS3Failure(err: unknown, settings: S3Settings | null): unknown {
  const line = settings && s3FailureLine(err, settings);
  return line ? new S3Failure(line) : err;
}
