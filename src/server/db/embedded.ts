import EmbeddedPostgres from './embedded-postgres';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedServer {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  url(database: string): string;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Refuse clearly when another live PostgreSQL already owns this data folder. */
function assertFree(pgDir: string): void {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new DataDirInUseError(
      `The data folder ${pgDir} is already in use by another PostgreSQL process (pid ${pid}). ` +
        'Stop the other app instance, or start this one with a different DATA_DIR.',
    );
  }
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
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data in `dataDir/pg`.
 * Initialises the cluster on first use; as root it runs the server as a `postgres` system user.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: { info(msg: string): void; warn(msg: string): void } = console,
): Promise<EmbeddedServer> {
  mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) ensureReachable(dataDir);
  const pgDir = path.join(dataDir, 'pg');
  assertFree(pgDir);
  const password = readOrCreate(path.join(dataDir, 'pg-password'), () => randomBytes(24).toString('hex'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: (message) => log.warn(`embedded postgres: ${String(message).trim()}`),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log.info(`Creating the embedded PostgreSQL cluster in ${pgDir}`);
    await server.initialise();
  }
  await server.start();
  // Should this process exit without stop() (a crash, process.exit on a failed start), the server
  // must not outlive it and hold the data folder: ask it to stop, synchronously, on 'exit'.
  // (The package's own exit hook is removed: embedded-postgres.ts.)
  const child = (server as unknown as { process?: { kill(signal: NodeJS.Signals): boolean } }).process;
  const stopOnExit = () => child?.kill('SIGINT');
  process.on('exit', stopOnExit);
  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    adminUrl: url('postgres'),
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', stopOnExit);
      await server.stop();
    },
  };
}
