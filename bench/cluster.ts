// The benchmark through the balancer (issue 21; docs/decisions/0085): `npm run cluster`'s setup on
// the benchmark database, the same list and map scenarios with two instances behind HAProxy and
// then with one, and live delivery from one instance to sockets held by the other.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startCluster } from '../scripts/cluster/index';
import { benchMember, settle } from './db';
import { measureLive } from './live';
import { BROWSER_HEADERS, measure, type Measure } from './load';
import type { Row } from './report';
import { SCENARIOS, type Budget, type Scenario } from './scenarios';

/** The scenarios measured both ways, at 50 connections: a fixed and a new-every-time list, the same for the map. */
const COMPARED = ['(c) list', '(4) list', '(d) map: city (zoom 12)', '(1) map'];
const CONNECTIONS = 50;
export const CLUSTER_LIVE_NAME = '(C7) message to a socket on the other instance, 200 online, 100/s';
export const CLUSTER_LIVE_BUDGET: Budget = { text: 'p99 ≤ 100 ms across instances', met: (m) => m.p99 <= 100 };

const scenario = (prefix: string): Scenario => SCENARIOS.find((s) => s.name.startsWith(prefix))!;

/**
 * Starts two instances and HAProxy on `databaseUrl`, measures each compared scenario through the
 * balancer with both instances up, live delivery across them, then each scenario again with the
 * second instance stopped (HAProxy's checks see it gone). Rows in that order; the throughput ratio
 * is printed, not budgeted: on a small machine the instances share its cores.
 */
export async function measureCluster(databaseUrl: string, seconds: number, warmupSeconds: number): Promise<Row[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-'));
  const cluster = await startCluster({ dir, instances: 2, databaseUrl });
  try {
    const cookie = await benchMember(cluster.url, databaseUrl);
    const compared = COMPARED.map(scenario);
    // One request source per scenario for both measures: the second continues where the first
    // stopped, so no cache of the first answers it.
    const sources = compared.map((s) => s.requests?.());
    const load = async (s: Scenario, i: number, label: string): Promise<Row> => {
      await settle(databaseUrl);
      const m: Measure = await measure(`${cluster.url}${s.path ?? '/'}`, {
        connections: CONNECTIONS,
        seconds,
        warmupSeconds,
        headers: { ...BROWSER_HEADERS, cookie },
        requests: sources[i],
      });
      console.log(`  ${s.name}, ${label}: ${Math.round(m.requestsPerSec)} req/s, p95 ${m.p95.toFixed(1)} ms`);
      return { name: `${s.name.slice(0, 30)}, ${label}`, m, budget: null };
    };
    const rows: Row[] = [];
    for (const [i, s] of compared.entries()) rows.push(await load(s, i, '2 instances'));

    await settle(databaseUrl);
    const [sender, holder] = cluster.instances;
    const live = await measureLive(sender!.url, databaseUrl, seconds, warmupSeconds, holder!.url);
    console.log(`  ${CLUSTER_LIVE_NAME}: p99 ${live.p99.toFixed(1)} ms`);
    rows.push({ name: CLUSTER_LIVE_NAME, m: live, budget: CLUSTER_LIVE_BUDGET });

    await holder!.stop();
    // Two failed checks 500 ms apart and the balancer has only the first instance.
    await sleep(2_000);
    for (const [i, s] of compared.entries()) rows.push(await load(s, i, '1 instance'));
    for (const [i, s] of compared.entries()) {
      const ratio = rows[i]!.m.requestsPerSec / rows[compared.length + 1 + i]!.m.requestsPerSec;
      console.log(`  ${s.name}: 2 instances / 1 instance = ${ratio.toFixed(2)}`);
    }
    return rows;
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
