import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/cluster/index';

/**
 * The process that runs the setup (`npm run cluster`) killed with -9 (docs/decisions/0085): its
 * app instances stop by themselves (their IPC channel closes with it, shutdown.ts), and the next
 * run on the same folder and port starts cleanly: it stops the HAProxy left behind, which would
 * otherwise share the port and answer for instances that are gone, and takes up the PostgreSQL
 * left running on its data.
 */
const INDEX = fileURLToPath(new URL('../../scripts/cluster/index.ts', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'cluster-killed-'));
let second: Cluster | undefined;
/** What a failed run would leave behind: the first run's instance, HAProxy and PostgreSQL. */
const leftovers = new Set<number>();

afterAll(async () => {
  await second?.stop();
  const postgres = path.join(dir, 'db', 'pg', 'postmaster.pid');
  if (existsSync(postgres)) leftovers.add(Number(readFileSync(postgres, 'utf8').split('\n')[0]));
  for (const pid of [...leftovers, ...haproxies().map(Number)]) if (alive(pid)) process.kill(pid, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

/** Whether a process with this pid is running (a zombie is not: its parent just has not read its status). */
function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** The pids of HAProxy processes running on the setup's config file. */
const haproxies = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return (args[0] ?? '').endsWith('haproxy') && args.includes(path.join(dir, 'haproxy.cfg'));
      } catch {
        return false;
      }
    });

describe('the setup killed with -9', () => {
  it('stops its instances, and the next run on the same folder and port starts cleanly', async () => {
    const runner = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { startCluster } from ${JSON.stringify(INDEX)};
         const cluster = await startCluster({ dir: ${JSON.stringify(dir)}, instances: 1 });
         console.log(JSON.stringify({ url: cluster.url, instance: cluster.instances[0].process().pid }));
         setInterval(() => {}, 60_000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [line] = (await once(createInterface({ input: runner.stdout! }), 'line')) as [string];
    const first = JSON.parse(line) as { url: string; instance: number };
    leftovers.add(first.instance);
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);
    expect(haproxies()).toHaveLength(1);

    runner.kill('SIGKILL');
    await once(runner, 'exit');
    // The instance sees its channel close and shuts down (its grace is 8 s).
    for (let waited = 0; alive(first.instance) && waited < 15_000; waited += 200) await sleep(200);
    expect(alive(first.instance)).toBe(false);
    // Its HAProxy was left behind (no one to stop it), still holding the port.
    expect(haproxies()).toHaveLength(1);

    const lines: string[] = [];
    const port = Number(new URL(first.url).port);
    second = await startCluster({ dir, port, instances: 1, log: (l) => lines.push(l) });
    expect(lines.some((l) => l.startsWith('Stopping the HAProxy an earlier run left on'))).toBe(true);
    expect(haproxies()).toHaveLength(1);
    // Every answer through the port comes from the new run: none from a balancer with no instance.
    const statuses = await Promise.all(Array.from({ length: 20 }, () => fetch(`${second!.url}/api/ready`).then((res) => res.status)));
    expect(statuses.every((s) => s === 200)).toBe(true);

    await second.stop();
    second = undefined;
    expect(haproxies()).toHaveLength(0);
  });
});
