import { buffer } from 'node:stream/consumers';
import type { Storage } from './storage';

export interface CopyReport {
  copied: number;
  /** Already in the target: a second run copies nothing again. */
  skipped: number;
}

/**
 * Copies every object of `from` that `to` lacks, under the same key (`npm run storage:migrate`:
 * the local folder into the bucket, docs/decisions/0085). Keys never change content, so an object
 * already there is the same object.
 */
export async function copyObjects(
  from: Storage,
  to: Storage,
  onCopied: (key: string) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0 };
  for (const key of await from.list()) {
    if (await to.has(key)) {
      report.skipped += 1;
      continue;
    }
    const object = await from.open(key);
    if (!object) continue; // deleted meanwhile
    await to.put(key, await buffer(object.stream), object.contentType);
    report.copied += 1;
    onCopied(key);
  }
  return report;
}
