import autocannon, { type Result } from 'autocannon';

export interface Measure {
  requestsPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses other than 2xx, plus connection errors and timeouts. */
  failures: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  headers?: Record<string, string>;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function run(url: string, seconds: number, opts: LoadOptions, onLatency?: (ms: number) => void) {
  return new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: opts.connections, duration: seconds, headers: opts.headers },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if (onLatency) instance.on('response', (_client, _status, _bytes, ms) => onLatency(ms));
  });
}

/**
 * `connections` clients send requests to `url` back to back for `seconds` after a warm-up;
 * percentiles come from every response's latency (autocannon's own summary has no p95).
 */
export async function measure(url: string, opts: LoadOptions): Promise<Measure> {
  if (opts.warmupSeconds > 0) await run(url, opts.warmupSeconds, opts);
  const latencies: number[] = [];
  const result = await run(url, opts.seconds, opts, (ms) => latencies.push(ms));
  const sorted = Float64Array.from(latencies).sort();
  return {
    requestsPerSec: result.requests.total / result.duration,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
