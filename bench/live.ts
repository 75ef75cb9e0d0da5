// Live delivery: a message POSTed by one member reaching the recipient's socket, with 200 members
// connected to /ws (issue 15). Measured end to end over real HTTP and WebSocket.
import WebSocket from 'ws';
import type { Measure } from './load';
import { resetLimits, signInMembers, type BenchMember } from './members';
import type { Budget } from './scenarios';

export const SOCKETS = 200;
export const LIVE_NAME = '(7) message to a socket, 200 online, 100/s';
export const LIVE_BUDGET: Budget = { text: 'p99 ≤ 50 ms from the POST to the socket', met: (m) => m.p99 <= 50 };

/**
 * Messages sent a second: each of the 200 members writing every two seconds, far more than people
 * chat, so that the figure holds with room to spare.
 */
export const RATE = 100;

interface LiveMember extends BenchMember {
  socket: WebSocket;
}

/** Opens the member's socket and waits for its `authenticated` answer (the socket is then registered). */
export async function openSocket(appUrl: string, cookie: string): Promise<WebSocket> {
  const socket = new WebSocket(`${appUrl.replace(/^http/, 'ws')}/ws`, { headers: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'authenticate' })));
    socket.once('message', () => resolve());
  });
  return socket;
}

async function members(appUrl: string, socketUrl: string): Promise<LiveMember[]> {
  const signedIn = await signInMembers(appUrl, 'Live member', 77, SOCKETS);
  return Promise.all(signedIn.map(async (m) => ({ ...m, socket: await openSocket(socketUrl, m.cookie) })));
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** One message: sent by `from` to the next member, resolved with its latency to the socket, or null when refused or lost (5 s). */
async function sendOne(appUrl: string, live: LiveMember[], waiting: Map<string, () => void>, content: string): Promise<number | null> {
  const from = Math.floor(Math.random() * live.length);
  const to = live[(from + 1) % live.length]!;
  const t0 = performance.now();
  const delivered = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 5_000);
    waiting.set(content, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  const res = await fetch(`${appUrl}/api/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: live[from]!.cookie },
    body: JSON.stringify({ toUserId: to.id, content }),
  });
  await res.arrayBuffer();
  const ok = res.ok && (await delivered);
  waiting.delete(content);
  return ok ? performance.now() - t0 : null;
}

/**
 * For `seconds` (after `warmupSeconds`), messages leave at RATE a second, each from a random
 * member to the next one, whatever the answers to the earlier ones (an open loop, as people
 * write); the latency is from the POST to the recipient's socket. A send refused, or a message
 * not delivered within 5 s, is a failure. With `socketUrl` (another instance) the sockets are held
 * there, so every message crosses from one instance to the other through the event bus.
 */
export async function measureLive(appUrl: string, databaseUrl: string, seconds: number, warmupSeconds: number, socketUrl = appUrl): Promise<Measure> {
  await resetLimits(databaseUrl);
  const live = await members(appUrl, socketUrl);
  const waiting = new Map<string, () => void>();
  for (const m of live)
    m.socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; data?: { content?: string } };
      if (message.type === 'new_message' && message.data?.content) waiting.get(message.data.content)?.();
    });

  const sends: Array<Promise<number | null>> = [];
  const warmup = RATE * warmupSeconds;
  const count = warmup + RATE * seconds;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sends.push(sendOne(appUrl, live, waiting, `live ${i}`));
  }
  const measured = (await Promise.all(sends)).slice(warmup);
  const latencies = measured.filter((l): l is number => l !== null).sort((a, b) => a - b);
  const failures = measured.length - latencies.length;
  for (const m of live) m.socket.close();
  return {
    connections: SOCKETS,
    requestsPerSec: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    total: latencies.length,
    cacheHits: null,
    failures,
  };
}
