import { randomUUID } from 'node:crypto';
import pg from 'pg';

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
   * to every other instance through NOTIFY. Publish after the change is committed.
   */
  publish<T>(t: Topic<T>, payload: T): Promise<void>;
  /** Calls `handler` for each message on `t` from any instance; returns the unsubscribe. */
  subscribe<T>(t: Topic<T>, handler: (payload: T) => void): () => void;
  /** Calls `handler` after the LISTEN connection came back: messages may have been missed. */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}

interface Envelope {
  /** The publishing bus, so an instance skips what it already delivered locally. */
  o: string;
  t: string;
  p: unknown;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface EventBusOptions {
  /** Publishes go through the pool; the LISTEN connection is made with the pool's settings. */
  pool: pg.Pool;
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

/** Connects the LISTEN client, then returns the bus; rejects when the first connection fails. */
export async function startEventBus(opts: EventBusOptions): Promise<EventBus> {
  const origin = randomUUID();
  const { minMs, maxMs } = opts.retry ?? { minMs: 100, maxMs: 5_000 };
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const resyncs = new Set<() => void>();
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let delay = minMs;
  let closed = false;

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
    if (envelope.o !== origin) deliver(envelope.t, envelope.p);
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({
      ...opts.pool.options,
      application_name: opts.applicationName ?? 'event-bus',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (msg) => {
      if (msg.channel === EVENTS_CHANNEL) receive(msg.payload);
    });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end();
      return;
    }
    current = client;
  }

  function lost(client: pg.Client, err?: Error): void {
    if (client !== current || closed) return;
    current = null;
    opts.log.warn({ err }, 'event bus: the LISTEN connection was lost; reconnecting');
    client.end().catch(() => {});
    reconnectLater();
  }

  function reconnectLater(): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect().then(
        () => {
          delay = minMs;
          opts.log.info({}, 'event bus: listening again');
          for (const handler of resyncs) handler();
        },
        (err: unknown) => {
          delay = Math.min(delay * 2, maxMs);
          opts.log.warn({ err, retryInMs: delay }, 'event bus: reconnecting failed');
          reconnectLater();
        },
      );
    }, delay);
    timer.unref();
  }

  await connect();

  return {
    async publish(t, payload) {
      const text = encode({ o: origin, t: t.name, p: payload });
      deliver(t.name, payload);
      await opts.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, text]);
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

    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const client = current;
      current = null;
      handlers.clear();
      resyncs.clear();
      await client?.end();
    },
  };
}
