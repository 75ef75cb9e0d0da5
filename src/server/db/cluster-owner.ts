import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAlive, pidGone, readPidFile, stopServer } from './postmaster';

/**
 * The folder's PostgreSQL belongs to a live app. The message is for `npm start`; the folder and the
 * pids let a command-line tool, which must not move to another DATA_DIR, word it its own way.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly clusterDir: string,
    readonly appPid: number,
    readonly postgresPid: number,
  ) {
    super(
      `The data folder ${clusterDir} is in use by another running instance of the app (pid ${appPid}, with PostgreSQL pid ${postgresPid}). ` +
        'Stop that instance, or start this one with a different DATA_DIR.',
    );
  }
}

/** In DATA_DIR: the pid of the app process whose embedded PostgreSQL runs on `DATA_DIR/pg`. */
const OWNER_FILE = 'pg-owner.pid';

/** The parent of `pid` (Linux, from /proc), or null where that cannot be read. */
export function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // 'pid (name) state ppid …': the name may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
  }
}

/** The command line of `pid` (from /proc on Linux, else from `ps`), or null where neither tells. */
function commandOf(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim().split(/\s+/);
    } catch {
      return null;
    }
  }
}

/**
 * Whether a process with this command line runs PostgreSQL on `clusterDir` (`postgres -D DIR …`;
 * a postmaster keeps its command line). Where it cannot be read, `postmaster.pid` is believed.
 */
export function runsCluster(command: string[] | null, clusterDir: string): boolean {
  if (command === null) return true;
  const at = command.indexOf('-D');
  return at !== -1 && path.resolve(command[at + 1] ?? '') === path.resolve(clusterDir);
}

/**
 * Whether a live app holds the folder whose PostgreSQL runs: the process named in the owner file
 * is alive, is not this one (a container restarted with the same pid), and, where the system tells,
 * is still that PostgreSQL's parent (a server whose app was killed belongs to init or a subreaper;
 * this also tells a reused pid from the app).
 */
export function heldByLiveApp(owner: number | null, postmasterParent: number | null, self: number, alive: (pid: number) => boolean): boolean {
  if (owner === null || owner === self || !alive(owner)) return false;
  return postmasterParent === null || postmasterParent === owner;
}

function readOwner(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dataDir, OWNER_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Makes the cluster in `clusterDir` this process's (docs/decisions/0077). A PostgreSQL still
 * running there for an app that is gone (killed with -9, out of memory, a crashed container) is
 * stopped, fast shutdown first; one that a live app holds is refused with a message naming the
 * folder and the app. Returns the release, which forgets the claim once the server has stopped.
 */
export async function claimCluster(dataDir: string, clusterDir: string, log: Log): Promise<() => void> {
  const running = readPidFile(clusterDir);
  if (running && isAlive(running.pid) && !runsCluster(commandOf(running.pid), clusterDir)) {
    // Left by a server that died with the machine, its pid since reused: never signal that process.
    log.warn(`${clusterDir}/postmaster.pid names pid ${running.pid}, which is not PostgreSQL on this folder: removing the stale file`);
    rmSync(path.join(clusterDir, 'postmaster.pid'), { force: true });
  } else if (running && isAlive(running.pid)) {
    const owner = readOwner(dataDir);
    if (heldByLiveApp(owner, parentOf(running.pid), process.pid, isAlive)) {
      throw new DataDirInUseError(clusterDir, owner!, running.pid);
    }
    log.warn(`PostgreSQL (pid ${running.pid}) was left running on ${clusterDir} by an app that is gone; stopping it before starting ours`);
    await stopServer(running.pid, (ms) => pidGone(running.pid, ms), { fastMs: 10_000, immediateMs: 5_000 });
    log.info(`The left-over PostgreSQL (pid ${running.pid}) has stopped`);
  }
  const file = path.join(dataDir, OWNER_FILE);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (readOwner(dataDir) === process.pid) rmSync(file, { force: true });
  };
}
