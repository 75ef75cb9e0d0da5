import type { Storage } from '../../storage/storage';

/**
 * How long a stored file no row names is left alone: a write stores its photo's files seconds
 * before the row naming them is committed (docs/decisions/0119), never a day.
 */
export const UNNAMED_MIN_AGE_MS = 24 * 60 * 60_000;
/** How many listed keys are checked against the database in one query. */
export const SWEEP_BATCH = 1_000;
/** Removed at most in one run (their keys are kept until the listing ends); the rest by the next. */
export const SWEEP_MAX_REMOVED = 10_000;
/**
 * A run that finds more than this many unnamed files, and more than a tenth of those it looked
 * at, removes none: the database is not the one of this store (an instance started on an empty or
 * another deployment's database with the shared bucket), and photos are not lost by a setting.
 */
export const SWEEP_BRAKE = { files: 100, share: 0.1 } as const;

export interface SweepDeps {
  storage: Storage;
  /** The folder of the files (`posts`). */
  folder: string;
  /** Which of these keys a row names, from the database: asked for a batch at a time. */
  named(keys: readonly string[]): Promise<Set<string>>;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface SweepReport {
  /** Files written before the cutoff. */
  old: number;
  /** Of those, the ones no row names. */
  unnamed: number;
  removed: number;
  /** Could not be removed (the store refused): tried again by the next run. */
  failed: number;
  /** Nothing removed: too many unnamed files for the database to be this store's (SWEEP_BRAKE). */
  braked: boolean;
  /** Removed too: the `.tmp` files of writes cut short before the cutoff (the brake does not hold them: no row can name one). */
  unfinished: number;
}

/** The time before which a run at `now` looks at files (UNNAMED_MIN_AGE_MS). */
const cutoffOf = (now: Date) => new Date(now.getTime() - UNNAMED_MIN_AGE_MS);

/** Whether a run finding `found` holds back (SWEEP_BRAKE). */
const tooMany = (found: { old: number; unnamed: number }) =>
  found.unnamed > SWEEP_BRAKE.files && found.unnamed > found.old * SWEEP_BRAKE.share;

export interface SweepOptions {
  /**
   * Removes them however many there are: an operator who checked that the database is this
   * storage's (`npm run photos:sweep -- --remove`), never the daily job.
   */
  overBrake?: boolean;
}

/**
 * Removes the files under `folder` that no row names and that were written over a day before
 * `now` (docs/decisions/0119): a photo stored by an instance that stopped before writing its post,
 * a replaced or deleted post's file whose deletion failed, and what a write cut short left (the
 * folder's `.tmp` files; 0119's addendum). One log line when it removed or failed
 * to remove any, none otherwise. The listing is read as it goes and checked in batches; the keys
 * to remove are checked once more just before they are removed.
 */
export async function sweepUnnamedFiles(deps: SweepDeps, now = new Date(), { overBrake = false }: SweepOptions = {}): Promise<SweepReport> {
  const cutoff = cutoffOf(now);
  const unfinished = await deps.storage.removeUnfinished(deps.folder, cutoff);
  const found = await findUnnamed(deps, cutoff);
  const braked = !overBrake && tooMany(found);
  const report: SweepReport = { old: found.old, unnamed: found.unnamed, removed: 0, failed: 0, braked, unfinished };
  if (braked) {
    deps.log?.warn(
      { ...report, folder: deps.folder },
      `${found.unnamed} of ${found.old} stored files written before ${cutoff.toISOString()} are named by no post: ` +
        'none removed, as this database seems not to be the one of this storage (check DATABASE_URL, DATA_DIR and S3_BUCKET; ' +
        'then npm run photos:sweep -- --remove removes them)',
    );
    return report;
  }
  for (const key of await unnamedOf(deps, found.keys)) {
    const removed = await deps.storage.delete(key).then(() => true, () => false);
    if (removed) report.removed += 1;
    else report.failed += 1;
  }
  if (report.removed > 0 || report.failed > 0 || unfinished > 0) logRemoved(deps, report, cutoff);
  return report;
}

/** What a run at `now` would find, removing nothing: the files written before its cutoff, those no row names, and whether it would hold back. */
export async function countUnnamedFiles(deps: SweepDeps, now = new Date()): Promise<{ cutoff: Date; old: number; unnamed: number; braked: boolean }> {
  const cutoff = cutoffOf(now);
  const { old, unnamed } = await findUnnamed(deps, cutoff);
  return { cutoff, old, unnamed, braked: tooMany({ old, unnamed }) };
}

/** The run's one line: how many were removed, and how many are left (failed or over the run's maximum). */
function logRemoved(deps: SweepDeps, report: SweepReport, cutoff: Date): void {
  const left = report.unnamed - report.removed;
  const cutShort = report.unfinished > 0 ? ` and ${report.unfinished} unfinished files of writes cut short` : '';
  const line = `Removed ${report.removed} stored files no post names${cutShort}, written before ${cutoff.toISOString()}${left > 0 ? `; ${left} left for the next run` : ''}`;
  const fields = { ...report, folder: deps.folder };
  if (report.failed > 0) deps.log?.warn(fields, line);
  else deps.log?.info(fields, line);
}

/** Every listed key written before `cutoff` counted, checked against the rows in batches; the first unnamed ones kept. */
async function findUnnamed(deps: SweepDeps, cutoff: Date): Promise<{ old: number; unnamed: number; keys: string[] }> {
  const found = { old: 0, unnamed: 0, keys: [] as string[] };
  let batch: string[] = [];
  const check = async () => {
    const unnamed = await unnamedOf(deps, batch);
    found.unnamed += unnamed.length;
    found.keys.push(...unnamed.slice(0, Math.max(0, SWEEP_MAX_REMOVED - found.keys.length)));
    batch = [];
  };
  for await (const { key, modifiedAt } of deps.storage.entries(deps.folder)) {
    if (modifiedAt.getTime() >= cutoff.getTime()) continue;
    found.old += 1;
    batch.push(key);
    if (batch.length === SWEEP_BATCH) await check();
  }
  if (batch.length > 0) await check();
  return found;
}

/** The keys no row names, asking the database a batch at a time. */
async function unnamedOf(deps: SweepDeps, keys: readonly string[]): Promise<string[]> {
  const unnamed: string[] = [];
  for (let i = 0; i < keys.length; i += SWEEP_BATCH) {
    const batch = keys.slice(i, i + SWEEP_BATCH);
    const named = await deps.named(batch);
    unnamed.push(...batch.filter((key) => !named.has(key)));
  }
  return unnamed;
}
