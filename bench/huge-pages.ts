// Huge pages for the benchmark's own PostgreSQL (docs/decisions/0102): its shared buffers (a
// quarter of the memory, docs/decisions/0094) mapped in 2 MB pages rather than 4 kB ones, as a
// database server is set up. PostgreSQL takes them at start when the kernel has them reserved
// (its default `huge_pages = try`); this reserves them for the run, when it may, and gives them
// back after.
import { readFileSync, writeFileSync } from 'node:fs';
import { sharedBuffersMb } from '../src/server/db/embedded';

const NR_HUGEPAGES = '/proc/sys/vm/nr_hugepages';

/**
 * PostgreSQL's shared memory beyond its buffers (buffer descriptors, locks, WAL buffers…), with
 * room to spare: 6,231 MB in all for 6,026 MB of buffers and 200 connections
 * (`shared_memory_size`, PostgreSQL 18).
 */
const OVERHEAD_SHARE = 0.04;
const OVERHEAD_MB = 160;

/** The size of a huge page in MB, from /proc/meminfo; null where there is none (not Linux). */
function hugePageMb(): number | null {
  try {
    const kb = /^Hugepagesize:\s+(\d+) kB$/m.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** How many huge pages the shared memory of a server with `buffersMb` of shared buffers needs. */
export const hugePagesFor = (buffersMb: number, pageMb: number): number =>
  Math.ceil((buffersMb * (1 + OVERHEAD_SHARE) + OVERHEAD_MB) / pageMb);

export interface HugePages {
  /** What the run prints about them. */
  said: string;
  /** Gives back what was reserved (the kernel's earlier setting); nothing when nothing was. */
  release(): void;
}

/**
 * Reserves the huge pages the benchmark's PostgreSQL needs, unless BENCH_HUGE_PAGES=off or
 * enough are reserved already. Writing the kernel's setting needs root; without it, the run says
 * how to reserve them and PostgreSQL uses ordinary pages.
 */
export function reserveHugePages(env: NodeJS.ProcessEnv): HugePages {
  const none = (said: string): HugePages => ({ said, release: () => {} });
  const pageMb = hugePageMb();
  if (env.BENCH_HUGE_PAGES === 'off') return none('Huge pages: not reserved (BENCH_HUGE_PAGES=off).');
  if (pageMb === null) return none('Huge pages: none on this system.');
  const needed = hugePagesFor(sharedBuffersMb(), pageMb);
  const before = Number(readFileSync(NR_HUGEPAGES, 'utf8'));
  if (before >= needed) return none(`Huge pages: ${before} reserved already (${needed} needed).`);
  try {
    writeFileSync(NR_HUGEPAGES, String(needed));
  } catch {
    return none(`Huge pages: ${before} reserved, ${needed} needed; as root, \`sysctl vm.nr_hugepages=${needed}\`.`);
  }
  const got = Number(readFileSync(NR_HUGEPAGES, 'utf8'));
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    writeFileSync(NR_HUGEPAGES, String(before));
  };
  // Given back on any exit, a failed run's included (a synchronous write).
  process.once('exit', release);
  return { said: `Huge pages: reserved ${got} of the ${needed} needed for the run (${before} before).`, release };
}
