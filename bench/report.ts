// The table `npm run bench` ends with: one row per measure, PASS/FAIL with the budget's text.
import { JS_BUDGET, type BundleSize } from './bundle';
import type { Measure } from './load';
import type { MixedResult } from './mixed';
import type { Scenario } from './scenarios';

export interface Row {
  name: string;
  m: Measure;
  /** The scenario's budget; null for a figure reported only (the 50-connection run, (e), the hello-world). */
  budget: Scenario['budget'];
  /** (e) right before it, for a budget relative to it. */
  floor?: Measure;
  /** Cache keys the request source handed out again (random.ts, Fresh). */
  recycled?: number;
}

const ms = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(1)).padStart(6);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)} %`;

/** A row's verdict: PASS/FAIL against its budget; any failed request fails it, budget or not. */
export function verdict(row: Row): { pass: boolean; text: string } {
  const { m } = row;
  const failed =
    m.failures > 0
      ? `, ${m.failures} failed requests`
      : m.total === 0
        ? ', no response within the measure'
        : '';
  if (!row.budget) return { pass: !failed, text: failed ? `FAIL (${failed.slice(2)})` : '' };
  const pass = row.budget.met(m, row.floor) && !failed;
  const ratio = row.floor ? `; ${pct(m.requestsPerSec, row.floor.requestsPerSec)} of (e)` : '';
  return { pass, text: `${pass ? 'PASS' : 'FAIL'} (${row.budget.text}${ratio}${failed})` };
}

function line(row: Row, text: string): string {
  const { m } = row;
  const cache = m.cacheHits === null ? '–' : `${m.cacheHits}/${m.total}`;
  const recycled = row.recycled ? `  [${row.recycled} keys sent again]` : '';
  return [
    row.name.padEnd(42),
    String(m.connections).padStart(5),
    Math.round(m.requestsPerSec).toString().padStart(7),
    ms(m.p50),
    ms(m.p95),
    ms(m.p99),
    cache.padStart(13),
    `  ${text}${recycled}`,
  ].join(' ');
}

/** Prints the table and the bundle's size (when measured); true when every budget is met and no request failed. */
export function report(rows: Row[], bundle: BundleSize | Error | null): boolean {
  let ok = true;
  if (rows.length > 0) {
    console.log(
      `\n${'scenario'.padEnd(42)} ${'conns'.padStart(5)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'cache hits'.padStart(13)}   budget`,
    );
    for (const row of rows) {
      const v = verdict(row);
      ok &&= v.pass;
      console.log(line(row, v.text));
    }
    console.log(
      '(ms; cache hits: responses with x-cache: hit, answered from the caches without a query, of all measured)',
    );
  }
  if (bundle === null) return ok;
  if (bundle instanceof Error) {
    console.log(`\nhome page initial JS: not measured (${bundle.message})  FAIL`);
    return false;
  }
  const jsPass = bundle.initialJs <= JS_BUDGET;
  console.log(
    `\nhome page initial JS (gzip): ${kb(bundle.initialJs)} in ${bundle.initialFiles.join(', ')}  ${jsPass ? 'PASS' : 'FAIL'} (≤ 150 KB)`,
  );
  console.log(
    `map chunk (gzip, loaded on demand): ${bundle.mapJs === null ? 'none found' : `${kb(bundle.mapJs)} in ${bundle.mapFiles.join(', ')}`}`,
  );
  return ok && jsPass;
}

/** The mixed load's budget (issue 14): 1,000 req/s, no error but the outage's 503s, no acknowledged write lost. */
export const MIXED_MIN_RPS = 1000;

/** Prints the mixed load's figures; true when its budget is met. */
export function reportMixed(r: MixedResult, killed: boolean): boolean {
  const rate = r.requestsPerSec >= MIXED_MIN_RPS;
  const pass = rate && r.errors === 0 && r.writes.lost === 0 && (!killed || r.killedAt !== null);
  console.log(`\n(14) mixed load: ${r.requests.toLocaleString('en')} requests in ${r.seconds.toFixed(1)} s, ${Math.round(r.requestsPerSec)} req/s (budget ≥ ${MIXED_MIN_RPS})`);
  console.log(`     PostgreSQL killed: ${r.killedAt === null ? 'no' : `at ${r.killedAt.toFixed(1)} s`}; 503 answers: ${r.unavailable}; recovered ${r.recoveryMs === null ? '–' : `${(r.recoveryMs / 1000).toFixed(1)} s after the kill`}`);
  console.log(`     errors (not 2xx, not 503, or no answer): ${r.errors}${r.errorSamples.length ? ` (${r.errorSamples.join(', ')})` : ''}`);
  const { posts, favourites, statuses } = r.writes.lostByKind;
  const lostWhat = r.writes.lost > 0 ? ` (posts ${posts}, favourites ${favourites}, last statuses ${statuses})` : '';
  console.log(`     acknowledged writes: ${r.writes.acknowledged}, lost: ${r.writes.lost}${lostWhat}`);
  console.log(`     the load generator's own CPU: ${r.generatorCpuMs.toFixed(2)} ms a request, on the same cores`);
  console.log(`     by kind: ${r.byKind.map((k) => `${k.kind} ${k.count} (p50 ${k.p50.toFixed(0)} ms, p95 ${k.p95.toFixed(0)} ms)`).join('; ')}`);
  console.log(`     ${pass ? 'PASS' : 'FAIL'} (≥ ${MIXED_MIN_RPS} req/s, no error but 503s during the outage, no acknowledged write lost)`);
  return pass;
}
