// `npm run bench`: the load and size budgets of issue 3, measured in one run (see bench/README.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import readline from 'node:readline';
import { bboxParam, viewBox } from '../src/domain/map';
import { bundleSize, type BundleSize } from './bundle';
import { benchMember, openBenchDatabase, prepare } from './db';
import { measure, type Measure } from './load';

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const JS_BUDGET = 150 * 1024;

interface Scenario {
  name: string;
  /** The bare hello-world server, or the app as the bench member. */
  server: 'hello' | 'app';
  path: string;
  /** Sent without the browser's Accept-Encoding: what a client that takes no gzip costs. */
  identity?: true;
  /**
   * Compared with a hello-world measured right before it, not with the run's first (a): on a
   * shared machine the ceiling drifts (11.8k-20.3k req/s within an hour), and a ratio should
   * compare two figures taken under the same conditions.
   */
  ceilingNextToIt?: true;
  /** PASS/FAIL of a measure against (a), or null for the ceiling itself. */
  budget: ((m: Measure, ceiling: Measure) => boolean) | null;
  budgetText: string;
}

const mapPath = (lat: number, lng: number, zoom: number, filters = 'type=fruit') =>
  `/api/posts/map?${filters}&zoom=${zoom}&bbox=${bboxParam(viewBox({ lat, lng }, zoom, 1280, 800))}`;
const listBudget = (m: Measure, c: Measure) => m.requestsPerSec >= 0.4 * c.requestsPerSec && m.p99 <= 25;
const mapBudget = (m: Measure) => m.p95 <= 25;

/** (b)'s request, also sent without gzip and sizing (f). */
const SEARCH_LIST = '/api/posts?type=fruit&q=apple&status=available';

const SCENARIOS: Scenario[] = [
  { name: '(a) hello-world ceiling', server: 'hello', path: '/', budget: null, budgetText: '' },
  {
    name: '(b) list: type+search+status',
    server: 'app',
    path: SEARCH_LIST,
    ceilingNextToIt: true,
    budget: listBudget,
    budgetText: '≥40% of (a), p99 ≤ 25 ms',
  },
  // Not a budget: (b) for a client that takes no gzip (docs/decisions/0061).
  {
    name: '(b) same, without gzip',
    server: 'app',
    path: SEARCH_LIST,
    identity: true,
    ceilingNextToIt: true,
    budget: null,
    budgetText: '',
  },
  {
    name: '(c) list: nearest, 10 miles',
    server: 'app',
    path: '/api/posts?distance=10miles&near=43.6532,-79.3832',
    ceilingNextToIt: true,
    budget: listBudget,
    budgetText: '≥40% of (a), p99 ≤ 25 ms',
  },
  {
    name: '(d) map: city (zoom 12)',
    server: 'app',
    path: mapPath(43.6532, -79.3832, 12),
    budget: mapBudget,
    budgetText: 'p95 ≤ 25 ms',
  },
  {
    name: '(d) map: region (zoom 9)',
    server: 'app',
    path: mapPath(44.2, -79.2, 9),
    budget: mapBudget,
    budgetText: 'p95 ≤ 25 ms',
  },
  {
    name: '(d) map: province (zoom 6)',
    server: 'app',
    path: mapPath(46.5, -82, 6),
    budget: mapBudget,
    budgetText: 'p95 ≤ 25 ms',
  },
  {
    name: '(d) map: city, 10 miles',
    server: 'app',
    path: mapPath(43.6532, -79.3832, 12, 'type=fruit&distance=10miles&near=43.6532,-79.3832'),
    budget: mapBudget,
    budgetText: 'p95 ≤ 25 ms',
  },
  // Not a budget: what every signed-in request pays before its own work (session and viewer).
  { name: '(e) floor: /api/auth/me', server: 'app', path: '/api/auth/me', budget: null, budgetText: '' },
  // Not a budget: the bare hello-world server answering with fixed bytes of the size of (b)'s page
  // as sent (gzipped; its path is set once that size is known): what the size of a list response
  // alone costs.
  { name: '(f) bare: (b)-sized bytes', server: 'hello', path: '/bytes/', budget: null, budgetText: '' },
];

/**
 * What every request sends, as a browser does: the app's JSON goes out gzipped to clients that
 * take it (docs/decisions/0061), and every browser does.
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The size in bytes of the response to `url` as sent (gzipped), to size scenario (f). */
async function bodySize(url: string, cookie: string): Promise<number> {
  const res = await fetch(url, { headers: { cookie, ...BROWSER_HEADERS } });
  await res.arrayBuffer();
  const length = Number(res.headers.get('content-length'));
  if (!length || res.headers.get('content-encoding') !== 'gzip') throw new Error(`(b) was not sent gzipped: ${res.status}`);
  return length;
}

async function startServers(
  databaseUrl: string,
): Promise<{ child: ChildProcess; app: string; hello: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts', databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const [line] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => [null])])) as [
    string | null,
  ];
  if (!line) throw new Error('The benchmark servers did not start (see above).');
  const ports = JSON.parse(line) as { app: number; hello: number };
  return { child, app: `http://127.0.0.1:${ports.app}`, hello: `http://127.0.0.1:${ports.hello}` };
}

const ms = (v: number) => v.toFixed(1).padStart(6);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Result {
  s: Scenario;
  m: Measure;
  /** The hello-world measured right before it (ceilingNextToIt). */
  ceiling?: Measure;
}

function report(results: Result[], bundle: BundleSize | Error): boolean {
  const first = results[0]!.m;
  let ok = true;
  console.log(
    `\n${'scenario'.padEnd(31)} ${'req/s'.padStart(8)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}  of (a)  budget`,
  );
  for (const { s, m, ceiling = first } of results) {
    const pass = s.budget ? s.budget(m, ceiling) && m.failures === 0 : true;
    ok &&= pass;
    const ratio = `${((100 * m.requestsPerSec) / ceiling.requestsPerSec).toFixed(0)}%`.padStart(6);
    const verdict = s.budget ? `${pass ? 'PASS' : 'FAIL'} (${s.budgetText})` : '';
    const next = ceiling === first ? '' : `  [(a) right before: ${Math.round(ceiling.requestsPerSec)} req/s]`;
    const failures = m.failures ? `  ${m.failures} failed requests` : '';
    console.log(
      `${s.name.padEnd(31)} ${Math.round(m.requestsPerSec).toString().padStart(8)} ${ms(m.p50)} ${ms(m.p95)} ${ms(m.p99)}  ${ratio}  ${verdict}${next}${failures}`,
    );
  }
  if (bundle instanceof Error) {
    console.log(`\nhome page initial JS: not measured (${bundle.message})`);
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

async function main(): Promise<number> {
  const database = await openBenchDatabase(process.env);
  try {
    const posts = await prepare(database.url, POSTS);
    console.log(
      `Database: ${database.where}, ${posts.toLocaleString('en')} posts. ${CONNECTIONS} connections, ${SECONDS} s each.`,
    );
    // The load generator, the app and PostgreSQL share this machine: other work on it skews the figures.
    console.log(
      `${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const servers = await startServers(database.url);
    const results: Result[] = [];
    const load = (url: string, headers: Record<string, string>) =>
      measure(url, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 2, headers });
    try {
      const cookie = await benchMember(servers.app, database.url);
      const listBytes = await bodySize(`${servers.app}${SEARCH_LIST}`, cookie);
      for (const s of SCENARIOS) {
        if (s.path === '/bytes/') s.path = `/bytes/${listBytes}`;
        const ceiling = s.ceilingNextToIt ? await load(`${servers.hello}/`, BROWSER_HEADERS) : undefined;
        const base = s.server === 'app' ? servers.app : servers.hello;
        const m = await load(`${base}${s.path}`, { ...(s.identity ? {} : BROWSER_HEADERS), ...(s.server === 'app' ? { cookie } : {}) });
        const next = ceiling ? ` (hello-world right before: ${Math.round(ceiling.requestsPerSec)} req/s)` : '';
        console.log(`  ${s.name}: ${Math.round(m.requestsPerSec)} req/s${next}`);
        results.push({ s, m, ceiling });
      }
    } finally {
      servers.child.kill('SIGTERM');
      await once(servers.child, 'exit');
    }
    let bundle: BundleSize | Error;
    try {
      bundle = bundleSize();
    } catch (err) {
      bundle = err instanceof Error ? err : new Error(String(err));
    }
    return report(results, bundle) ? 0 : 1;
  } finally {
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
