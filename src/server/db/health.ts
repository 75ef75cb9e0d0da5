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
 * The app's view of its database (docs/decisions/0077): up or down, from live probes. An outage
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

  /** Records a probe's result: `failure` is null when the database answered, else why it did not. */
  function settle(failure: string | null): void {
    checkedAt = Date.now();
    const ok = failure === null;
    if (ok === up || closed) return;
    up = ok;
    const lasted = ((checkedAt - since) / 1000).toFixed(1);
    since = checkedAt;
    if (ok) {
      if (watch) clearInterval(watch);
      watch = null;
      opts.log.info(`The database answers again after ${lasted} s: requests are served again`);
    } else {
      opts.log.warn(`The database cannot be reached (${failure}): requests that need it answer 503 until it is back`);
      watch = setInterval(() => void probe(), watchEveryMs);
      watch.unref();
    }
  }

  async function ask(): Promise<string | null> {
    const timeout = sleep(timeoutMs, undefined, { ref: false }).then(() => {
      throw new Error(`no answer within ${timeoutMs} ms`);
    });
    try {
      await Promise.race([opts.probe(), timeout]);
      return null;
    } catch (err) {
      return connectionFailure(err);
    }
  }

  function probe(): Promise<boolean> {
    probing ??= ask().then((failure) => {
      probing = null;
      settle(failure);
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
