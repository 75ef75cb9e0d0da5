import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError } from '../../src/server/config';

/** Whether a program is on the PATH. */
const onPath = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;

/**
 * HAProxy from Debian's packages, installed with apt-get when missing (as root, or through sudo).
 * Throws with what to do when it cannot be installed.
 */
export function ensureHaproxy(log: (line: string) => void): void {
  if (onPath('haproxy')) return;
  const root = process.getuid?.() === 0;
  if (!root && !onPath('sudo')) throw new Error('HAProxy is not installed. Install it (Debian/Ubuntu: apt-get install -y haproxy) and run this again.');
  log('Installing HAProxy from the Debian packages (apt-get install -y haproxy)…');
  const as = (args: string[]) => (root ? args : ['sudo', ...args]);
  const apt = (...args: string[]) => {
    const [program, ...rest] = as(['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]);
    return spawnSync(program!, rest, { stdio: 'ignore' }).status === 0;
  };
  if (!apt('install', '-y', 'haproxy') && !(apt('update') && apt('install', '-y', 'haproxy'))) {
    throw new Error('HAProxy could not be installed with apt-get. Install it by hand (apt-get install -y haproxy) and run this again.');
  }
}

export interface Backend {
  name: string;
  port: number;
}

/**
 * The balancer's configuration: round robin over the instances on loopback, each checked with
 * GET /api/ready every 500 ms (down after 2 failures, up again after 2 successes; a check may take
 * 3 s, so a busy instance is not taken for a dead one, which refuses at once); a connection
 * refused is tried again on another instance. Should every check fail at once (instances too busy
 * to answer them in time, not gone), the same instances unchecked take the requests: the balancer
 * fails open rather than answering 503 to everyone. WebSocket upgrades pass through and stay open for an
 * hour without traffic; every request gets an X-Request-Id unless it has one.
 */
export function haproxyConfig(port: number, backends: Backend[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  timeout tunnel 1h
  timeout check 3s
  option redispatch
  retries 2
  option allbackups

frontend web
  bind 127.0.0.1:${port}
  option forwardfor
  unique-id-format %{+X}o%ci_%cp_%Ts_%rt_%pid
  http-request set-header X-Request-Id %[unique-id] unless { req.hdr(x-request-id) -m found }
  default_backend apps

backend apps
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n')}
${backends.map((b) => `  server ${b.name}-unchecked 127.0.0.1:${b.port} backup`).join('\n')}
`;
}

/** The pids of HAProxy processes running on `configFile` (Linux's /proc; none found elsewhere). */
function haproxiesOn(configFile: string): number[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return (args[0] ?? '').endsWith('haproxy') && args.includes(configFile);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

/**
 * Stops the balancer a run killed with -9 left on this config file: HAProxy shares its port with
 * a new one (SO_REUSEPORT), so the old one, whose instances are gone, would answer half the requests.
 */
async function stopLeftovers(configFile: string, log: (line: string) => void): Promise<void> {
  const pids = haproxiesOn(configFile);
  if (!pids.length) return;
  log(`Stopping the HAProxy an earlier run left on ${configFile} (pid ${pids.join(', ')})…`);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') continue; // gone meanwhile
      throw new ConfigError(`The HAProxy left on ${configFile} (pid ${pid}) is not ours to stop (${(err as NodeJS.ErrnoException).code}): stop it as its owner, then run this again.`);
    }
  }
  for (let waited = 0; haproxiesOn(configFile).length && waited < 5_000; waited += 100) await sleep(100);
}

/** Whether nothing listens on the port (a stopped balancer's socket may take a moment to go). */
async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  const free = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) await new Promise((resolve) => server.close(resolve));
  return free;
}

/** Refuses a port another program listens on, with what to do, rather than a balancer that never answers. */
async function ensurePortFree(port: number): Promise<void> {
  for (let waited = 0; waited < 3_000; waited += 100) {
    if (await portFree(port)) return;
    await sleep(100);
  }
  throw new ConfigError(`Port ${port} is in use by another program: choose another with --port.`);
}

/** HAProxy in the foreground on `configFile`; `stop()` ends it. */
export async function startHaproxy(
  configFile: string,
  config: string,
  logFile: string,
  { port, log }: { port: number; log: (line: string) => void },
): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  await stopLeftovers(configFile, log);
  await ensurePortFree(port);
  writeFileSync(configFile, config);
  const check = spawnSync('haproxy', ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refuses ${configFile}: ${check.stderr || check.stdout}`);
  const out = openSync(logFile, 'a');
  const child = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', out, out] });
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
