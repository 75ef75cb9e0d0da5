// `npm run bench`: the load and size budgets, measured in one run (see bench/README.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import readline from 'node:readline';
import { bundleSize, type BundleSize } from './bundle';
import { benchMember, openBenchDatabase, prepare, settle } from './db';
import { measureLighthouse, reportLighthouse } from './lighthouse';
import { LIVE_BUDGET, LIVE_NAME, measureLive } from './live';
import { BROWSER_HEADERS, measure, type Measure } from './load';
import { measureCluster } from './cluster';
import { measureMixed, type MixedResult } from './mixed';
import { report, reportMixed, type Row } from './report';
import { FLOOR, SCENARIOS, type Scenario } from './scenarios';
import type { RequestSource } from './random';
import { COMMON_WORD, RARE_WORD, wordShares } from './words';

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
/**
 * Which parts to run: http (the scenario table), live, mixed, bundle, lighthouse (all by default),
 * cluster (through HAProxy, asked for).
 */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? 'http,live,mixed,bundle,lighthouse').split(',').map((p) => p.trim()),
);
/** Which scenarios of the table to run, by the mark their name starts with (`BENCH_SCENARIOS=4,(g)`): all by default. */
const MARKS = process.env.BENCH_SCENARIOS?.split(',').map((m) => `(${m.trim().replace(/^\(|\)$/g, '')})`);
const chosen = (s: Scenario) => !MARKS || MARKS.some((m) => s.name.startsWith(m));

interface Servers {
  child: ChildProcess;
  app: string;
  hello: string;
}

async function startServers(databaseUrl: string): Promise<Servers> {
  // BENCH_PROFILE=<folder>: the servers write a CPU profile there when they stop (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/server.ts', databaseUrl], {
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

/** Measures every scenario in order, each list with (e) right before it and each fresh one again at 50 connections. */
async function measureAll(servers: Servers, cookie: string, databaseUrl: string): Promise<Row[]> {
  const rows: Row[] = [];
  const load = async (s: Scenario, connections: number, requests?: RequestSource): Promise<Measure> => {
    const waited = await settle(databaseUrl);
    if (waited > 1000)
      console.log(`  (waited ${(waited / 1000).toFixed(1)} s for the last measure's queries to end)`);
    const base = s.server === 'hello' ? servers.hello : servers.app;
    const headers = s.server === 'member' ? { ...BROWSER_HEADERS, cookie } : BROWSER_HEADERS;
    const r = await measure(`${base}${s.path ?? '/'}`, {
      connections,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      headers,
      requests,
    });
    const cache = r.cacheHits === null ? '' : `, ${r.cacheHits}/${r.total} from a cache`;
    console.log(
      `  ${s.name} (${connections}): ${Math.round(r.requestsPerSec)} req/s, p95 ${r.p95.toFixed(1)} ms${cache}`,
    );
    return r;
  };
  for (const s of ONLY.has('http') ? SCENARIOS.filter(chosen) : []) {
    const floor = s.floorBefore ? await load(FLOOR, FLOOR.connections) : undefined;
    if (floor) rows.push({ name: `${FLOOR.name}, before ${s.name.slice(0, 3)}`, m: floor, budget: null });
    const requests = s.requests?.();
    rows.push({ name: s.name, m: await load(s, s.connections, requests), budget: s.budget, floor });
    if (s.alsoAt)
      rows.push({ name: '  the same (reported)', m: await load(s, s.alsoAt, requests), budget: null });
    if (requests?.recycled) rows.at(-1)!.recycled = requests.recycled;
  }
  if (ONLY.has('live')) {
    await settle(databaseUrl);
    const live = await measureLive(servers.app, databaseUrl, SECONDS, WARMUP_SECONDS);
    console.log(
      `  ${LIVE_NAME}: ${Math.round(live.requestsPerSec)} messages/s, p99 ${live.p99.toFixed(1)} ms`,
    );
    rows.push({ name: LIVE_NAME, m: live, budget: LIVE_BUDGET });
  }
  return rows;
}

async function main(): Promise<number> {
  const load = ['http', 'live', 'mixed', 'cluster'].some((part) => ONLY.has(part))
    ? await measureLoad()
    : { rows: [], mixed: null, killed: false };
  let bundle: BundleSize | Error | null = null;
  if (ONLY.has('bundle')) {
    try {
      bundle = bundleSize();
    } catch (err) {
      bundle = err instanceof Error ? err : new Error(String(err));
    }
  }
  const tablePassed = load.rows.length > 0 || bundle ? report(load.rows, bundle) : true;
  const mixedPassed = load.mixed ? reportMixed(load.mixed, load.killed) : true;
  const lighthousePassed = ONLY.has('lighthouse') ? reportLighthouse(await measureLighthouse()) : true;
  return tablePassed && mixedPassed && lighthousePassed ? 0 : 1;
}

/** The parts that need the benchmark database: the scenario table, live delivery, the mixed load, the cluster. */
async function measureLoad(): Promise<{ rows: Row[]; mixed: MixedResult | null; killed: boolean }> {
  const database = await openBenchDatabase(process.env);
  try {
    const posts = await prepare(database.url, POSTS);
    console.log(
      `Database: ${database.where}, ${posts.toLocaleString('en')} posts. ${SECONDS} s per measure.`,
    );
    const shares = await wordShares(database.url, [RARE_WORD, COMMON_WORD]);
    console.log(
      `Search words: ${[...shares].map(([w, s]) => `"${w}" begins a word of ${(100 * s).toFixed(2)} % of posts`).join(', ')}.`,
    );
    // The load generator, the app and PostgreSQL share this machine: other work on it skews the figures.
    const load = os.loadavg().map((l) => l.toFixed(2));
    console.log(`${os.cpus().length} CPUs, load average ${load.join(' ')}`);
    let rows: Row[] = [];
    let mixed: MixedResult | null = null;
    if (['http', 'live', 'mixed'].some((part) => ONLY.has(part))) {
      const servers = await startServers(database.url);
      try {
        rows = await measureAll(servers, await benchMember(servers.app, database.url), database.url);
        if (ONLY.has('mixed')) {
          await settle(database.url);
          console.log(
            `  (14) mixed load for ${MIXED_SECONDS} s, PostgreSQL ${database.kill ? 'killed halfway' : 'not killed (BENCH_DATABASE_URL)'}…`,
          );
          mixed = await measureMixed(servers.app, database.url, MIXED_SECONDS, database.kill);
        }
      } finally {
        servers.child.kill('SIGTERM');
        await once(servers.child, 'exit');
      }
    }
    if (ONLY.has('cluster')) rows.push(...(await measureCluster(database.url, SECONDS, WARMUP_SECONDS)));
    return { rows, mixed, killed: database.kill !== null };
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
