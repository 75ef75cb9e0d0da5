import { setTimeout as sleep } from 'node:timers/promises';
import { connectionFailure } from './availability';

export interface DatabaseHealth {
  /** Whether the database answers: a probe at most `maxAgeMs` old (callers at the same time share one). */
  check(): Promise<boolean>;
  /** A request could not reach the database: a probe confirms it (a lost connection alone is no outage). */
  reportUnreachable(): void;
  close(): void;
}

export interface DatabaseHealthOptions {
  /** One round trip to the database (`SELECT 1`). */
  probe(): Promise<unknown>;
  log: { info(msg: string): void; warn(msg: string): void };
  maxAgeMs?: number;
  /** A probe with no answer within this is a failure. */
  timeoutMs?: number;
  /** During an outage the database is probed this often, so its end is noticed (and logged) without traffic. */
  watchEveryMs?: number;
}

/**
 * The app's view of its database (docs/decisions/0074): up or down, from live probes. An outage
 * is logged once when it starts, with its cause, and once when it ends, with its length; the
 * requests answered 503 meanwhile add nothing but their request line.
 */
export function createDatabaseHealth(opts: DatabaseHealthOptions): DatabaseHealth {
  const { maxAgeMs = 1_000, timeoutMs = 800, watchEveryMs = 250 } = opts;
  let up = true;
  let since = Date.now();
  let checkedAt = -Infinity;
  let probing: Promise<boolean> | null = null;
  let watch: NodeJS.Timeout | null = null;
  let closed = false;

  function settle(ok: boolean, why: string): void {
    checkedAt = Date.now();
    if (ok === up || closed) return;
    up = ok;
    const lasted = ((checkedAt - since) / 1000).toFixed(1);
    since = checkedAt;
    if (ok) {
      if (watch) clearInterval(watch);
      watch = null;
      opts.log.info(`The database answers again after ${lasted} s: requests are served again`);
    } else {
      opts.log.warn(`The database cannot be reached (${why}): requests that need it answer 503 until it is back`);
      watch = setInterval(() => void probe(), watchEveryMs);
      watch.unref();
    }
  }

  function probe(): Promise<boolean> {
    probing ??= Promise.race([opts.probe(), sleep(timeoutMs, undefined, { ref: false }).then(() => Promise.reject(new Error(`no answer within ${timeoutMs} ms`)))])
      .then(
        () => settle(true, ''),
        (err: unknown) => settle(false, connectionFailure(err)),
      )
      .then(() => {
        probing = null;
        return up;
      });
    return probing;
  }

  return {
    check: () => (Date.now() - checkedAt < maxAgeMs ? Promise.resolve(up) : probe()),
    reportUnreachable() {
      if (up) void probe();
    },
    close() {
      closed = true;
      if (watch) clearInterval(watch);
      watch = null;
    },
  };
}
