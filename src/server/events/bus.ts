import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectionFailure, warnUnlessUnavailable } from '../db/availability';

/**
 * The one EventBus (ARCHITECTURE: live events; docs/decisions/0050): PostgreSQL LISTEN/NOTIFY
 * on one channel, so a message published on instance A reaches subscribers on every instance.
 */
export const EVENTS_CHANNEL = 'app_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; the envelope needs a little room. */
const MAX_MESSAGE_BYTES = 7999;

/** A named topic and the type of its payload (JSON: it crosses the database as text). */
export interface Topic<T> {
  readonly name: string;
  /** Type only; never set. */
  readonly payload?: T;
}

export const topic = <T>(name: string): Topic<T> => ({ name });

export interface EventBus {
  /**
   * Delivers `payload` to this instance's subscribers at once (before the promise settles), then
   * to every other instance through NOTIFY. Publish after the change is committed. A NOTIFY that
   * fails is logged, not thrown: the change it announces is already made.
   */
  publish<T>(t: Topic<T>, payload: T): Promise<void>;
  /** Calls `handler` for each message on `t` from any instance; returns the unsubscribe. */
  subscribe<T>(t: Topic<T>, handler: (payload: T) => void): () => void;
  /** Calls `handler` after the LISTEN connection came back: messages may have been missed. */
  onResync(handler: () => void): () => void;
  /**
   * Milliseconds from a NOTIFY of this instance to its arrival on this instance's LISTEN
   * connection (what every message between instances waits, without clock skew), or null when it
   * did not come back within `timeoutMs` (GET /metrics).
   */
  roundTrip(timeoutMs: number): Promise<number | null>;
  /** Messages received from other instances since the start, and whether the LISTEN connection is up. */
  stats(): { received: number; listening: boolean };
  close(): Promise<void>;
}

/** The topic of round-trip probes: never delivered to subscribers. */
const PROBE = '_probe';

interface Envelope {
  /** The publishing bus, so an instance skips what it already delivered locally. */
  o: string;
  t: string;
  p: unknown;
}

interface Log {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface EventBusOptions {
  /** Publishes go through the pool (NOTIFY is one statement: a transaction pooler passes it). */
  pool: pg.Pool;
  /**
   * The LISTEN connection is made with this pool's settings, `pool`'s by default: a direct
   * connection to PostgreSQL, since a transaction pooler would not keep the LISTEN's session.
   */
  listenPool?: pg.Pool;
  log: Log;
  /** Reconnect delays: the first retry after `minMs`, doubling up to `maxMs`. */
  retry?: { minMs: number; maxMs: number };
  /** How the LISTEN connection shows in pg_stat_activity. */
  applicationName?: string;
}

function encode(envelope: Envelope): string {
  const text = JSON.stringify(envelope);
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) {
    throw new Error(`Event "${envelope.t}" is too large for NOTIFY (${Buffer.byteLength(text)} bytes); send an id instead.`);
  }
  return text;
}

/**
 * NOTIFY only, for processes without a bus of their own (scripts, the benchmark): every app
 * instance's subscribers receive it.
 */
export async function notify<T>(db: Pick<pg.Pool, 'query'>, t: Topic<T>, payload: T): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, encode({ o: 'script', t: t.name, p: payload })]);
}

/**
 * The LISTEN connection of one instance: reconnects after an error or an end (the delay doubling
 * from `retry.minMs` to `retry.maxMs`) and reports every reconnection, when messages may have
 * been missed.
 */
class Listener {
  private current: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private delay: number;
  private closed = false;

  constructor(
    private readonly opts: EventBusOptions & { onText(text: string | undefined): void; onReconnected(): void },
    private readonly retry = opts.retry ?? { minMs: 100, maxMs: 5_000 },
  ) {
    this.delay = this.retry.minMs;
  }

  async connect(): Promise<void> {
    const client = new pg.Client({
      ...(this.opts.listenPool ?? this.opts.pool).options,
      application_name: this.opts.applicationName ?? 'event-bus',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (msg) => {
      if (msg.channel === EVENTS_CHANNEL) this.opts.onText(msg.payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) await client.end();
    else this.current = client;
  }

  get listening(): boolean {
    return this.current !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.current;
    this.current = null;
    await client?.end();
  }

  private lost(client: pg.Client, err?: Error): void {
    if (client !== this.current || this.closed) return;
    this.current = null;
    // One line, without a stack: during a database outage the health check logs the outage itself.
    this.opts.log.warn({ reason: connectionFailure(err) }, 'event bus: the LISTEN connection was lost; reconnecting');
    client.end().catch(() => {});
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().then(
        () => {
          this.delay = this.retry.minMs;
          this.opts.log.info({}, 'event bus: listening again');
          this.opts.onReconnected();
        },
        (err: unknown) => {
          this.delay = Math.min(this.delay * 2, this.retry.maxMs);
          this.opts.log.debug({ reason: connectionFailure(err), retryInMs: this.delay }, 'event bus: reconnecting failed');
          this.reconnectLater();
        },
      );
    }, this.delay);
    this.timer.unref();
  }
}

/** Connects the LISTEN client, then returns the bus; rejects when the first connection fails. */
export async function startEventBus(opts: EventBusOptions): Promise<EventBus> {
  const origin = randomUUID();
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const resyncs = new Set<() => void>();
  /** Probes sent and not back yet, by id. */
  const probes = new Map<string, () => void>();
  let received = 0;

  function deliver(name: string, payload: unknown): void {
    for (const handler of handlers.get(name) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        opts.log.warn({ err, topic: name }, 'event handler failed');
      }
    }
  }

  function receive(text: string | undefined): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text ?? '') as Envelope;
    } catch (err) {
      opts.log.warn({ err }, 'event bus: unreadable message ignored');
      return;
    }
    if (envelope.t === PROBE) {
      if (envelope.o === origin) probes.get(String(envelope.p))?.();
      return;
    }
    if (envelope.o === origin) return;
    received += 1;
    deliver(envelope.t, envelope.p);
  }

  const listener = new Listener({ ...opts, onText: receive, onReconnected: () => resyncs.forEach((handler) => handler()) });
  await listener.connect();

  return {
    async publish(t, payload) {
      const text = encode({ o: origin, t: t.name, p: payload });
      deliver(t.name, payload);
      try {
        await opts.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, text]);
      } catch (err) {
        // The change is made and this instance knows it; the others drop their caches at their TTL.
        warnUnlessUnavailable(opts.log, err, { topic: t.name }, 'event bus: NOTIFY failed; other instances catch up within their cache TTL');
      }
    },

    subscribe(t, handler) {
      const set = handlers.get(t.name) ?? new Set();
      handlers.set(t.name, set);
      const h = handler as (payload: unknown) => void;
      set.add(h);
      return () => set.delete(h);
    },

    onResync(handler) {
      resyncs.add(handler);
      return () => resyncs.delete(handler);
    },

    async roundTrip(timeoutMs) {
      const id = randomUUID();
      const started = performance.now();
      const back = new Promise<number>((resolve) => probes.set(id, () => resolve(performance.now() - started)));
      const timeout = sleep(timeoutMs, null, { ref: false });
      try {
        await opts.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, encode({ o: origin, t: PROBE, p: id })]);
        return await Promise.race([back, timeout]);
      } catch {
        return null;
      } finally {
        probes.delete(id);
      }
    },

    stats: () => ({ received, listening: listener.listening }),

    async close() {
      handlers.clear();
      resyncs.clear();
      await listener.close();
    },
  };
}
