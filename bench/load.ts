import autocannon, { type Result } from 'autocannon';
import type { RequestSource } from './random';

/**
 * What every request sends, as a browser does: the app's JSON goes out gzipped to clients that
 * take it (docs/decisions/0061), and every browser does.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface Measure {
  connections: number;
  requestsPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses measured. */
  total: number;
  /** Responses that said `x-cache: hit` (answered from the read model's caches, no query); null when none said hit or miss. */
  cacheHits: number | null;
  /** Responses other than 2xx, plus connection errors and timeouts. */
  failures: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  headers: Record<string, string>;
  /** A new request for every request sent (warm-up included); without it, the url's path every time. */
  requests?: RequestSource;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** What the responses of one run said: their latencies, and how many said x-cache hit or miss. */
interface Seen {
  latencies: number[];
  hits: number;
  misses: number;
}

/** x-cache of a response from its raw header list ([name, value, name, value, …]). */
function cacheHeader(raw: readonly string[]): 'hit' | 'miss' | null {
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'x-cache') return raw[i + 1] === 'hit' ? 'hit' : 'miss';
  }
  return null;
}

function run(url: string, seconds: number, opts: LoadOptions, seen?: Seen) {
  return new Promise<Result>((resolve, reject) => {
    // The x-cache header of each client's response under way, read when that response completes.
    const pending = new WeakMap<object, 'hit' | 'miss' | null>();
    const next = opts.requests;
    const instance = autocannon(
      {
        url,
        connections: opts.connections,
        duration: seconds,
        headers: opts.headers,
        ...(next && {
          requests: [
            {
              setupRequest: (req) => {
                const r = next.next();
                return { ...req, path: r.path, headers: { ...req.headers, ...r.headers } };
              },
            },
          ],
        }),
        ...(seen && {
          setupClient: (client) =>
            client.on('headers', (info) => pending.set(client, cacheHeader(info.headers))),
        }),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if (seen) {
      instance.on('response', (client, _status, _bytes, ms) => {
        seen.latencies.push(ms);
        const cache = pending.get(client);
        if (cache === 'hit') seen.hits += 1;
        else if (cache === 'miss') seen.misses += 1;
      });
    }
  });
}

/**
 * `connections` clients send requests to `url` back to back for `seconds` after a warm-up;
 * percentiles come from every response's latency (autocannon's own summary has no p95).
 */
export async function measure(url: string, opts: LoadOptions): Promise<Measure> {
  if (opts.warmupSeconds > 0) await run(url, opts.warmupSeconds, opts);
  const seen: Seen = { latencies: [], hits: 0, misses: 0 };
  const result = await run(url, opts.seconds, opts, seen);
  const sorted = Float64Array.from(seen.latencies).sort();
  return {
    connections: opts.connections,
    requestsPerSec: result.requests.total / result.duration,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    total: sorted.length,
    cacheHits: seen.hits + seen.misses > 0 ? seen.hits : null,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
