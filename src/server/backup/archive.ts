import { spawn } from 'node:child_process';

/** tar ended with an error: `stderr` holds its own words (not a gzip file, a truncated archive, …). */
export class TarFailed extends Error {
  constructor(
    args: string[],
    code: number | null,
    readonly stderr: string,
  ) {
    super(`tar ${args[0]} failed (${code}): ${stderr}`);
  }
}

/** Runs `tar` with `args`; rejects with its last words when it fails (TarFailed), or is missing. */
function tar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new TarFailed(args, code, stderr.trim()))));
  });
}

/** Packs the contents of `dir` into the gzipped tar `file`. */
export const pack = (dir: string, file: string) => tar(['-czf', file, '-C', dir, '.']);

/** Unpacks the gzipped tar `file` into `dir`. */
export const unpack = (file: string, dir: string) => tar(['-xzf', file, '-C', dir]);
