import { countUnnamedFiles, sweepUnnamedFiles, type SweepDeps } from './sweep';

const CHECK_FIRST =
  "Check that DATABASE_URL (or DATA_DIR) and S3_BUCKET name this deployment's database and storage, then run npm run photos:sweep -- --remove.";

/**
 * `npm run photos:sweep` (docs/decisions/0119, addendum of 2026-12-06): what the daily sweep of
 * photo files no post names finds, removing nothing; with `remove`, removes them even where the
 * daily sweep holds back (its brake), as many as one run removes. The lines it prints.
 */
export async function photosSweep(deps: SweepDeps, remove: boolean, now = new Date()): Promise<string[]> {
  if (!remove) {
    const found = await countUnnamedFiles(deps, now);
    const written = `stored photo files written before ${found.cutoff.toISOString()}`;
    if (found.unnamed === 0) {
      return [found.old === 0 ? `No ${written}: nothing to remove.` : `A post names each of the ${found.old} ${written}: nothing to remove.`];
    }
    const counted = `${found.unnamed} of the ${found.old} ${written} are named by no post.`;
    // Few enough to be strays (decision 0119's brake does not hold): nothing to doubt in the settings.
    if (!found.braked) return [counted, 'The daily sweep removes them. Nothing removed; npm run photos:sweep -- --remove removes them now.'];
    return [counted, 'The daily sweep holds back from so many: it takes them for a sign that the database is not the one of this storage.', `Nothing removed. ${CHECK_FIRST}`];
  }
  const report = await sweepUnnamedFiles(deps, now, { overBrake: true });
  const left = report.unnamed - report.removed - report.failed;
  const unfinished = report.unfinished > 0 ? `, and ${report.unfinished} unfinished files of writes cut short` : '';
  return [
    `Removed ${report.removed} of the ${report.unnamed} stored photo files no post names${unfinished}.`,
    ...(report.failed > 0 ? [`${report.failed} could not be removed (the storage refused): run it again later.`] : []),
    ...(left > 0 ? [`${left} more than one run removes: run it again.`] : []),
  ];
}
