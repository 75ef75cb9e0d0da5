import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import { AppError } from '../errors';

/** A figure read when /metrics is asked: one number, or one per value of the gauge's label. */
export type Reading = number | Record<string, number>;

export interface Metrics {
  /** Adds a gauge read at each scrape (`label` names the keys of a Record reading). */
  gauge(opts: { name: string; help: string; label?: string; read(): Reading | Promise<Reading> }): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus figures (docs/decisions/0085); served at /metrics with METRICS_TOKEN. */
    metrics: Metrics;
  }
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * Prometheus figures of this instance (prom-client, a registry per app): requests and their
 * latency by route, the process (CPU, memory, event-loop delay), and the gauges areas add
 * (database pool, event bus, outbox, jobs, sockets). `GET /metrics` answers only a request that
 * carries METRICS_TOKEN as a bearer token; without the setting it is not served at all.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance) {
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });
    const requests = new client.Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    const duration = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to its answer, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply: FastifyReply, done) => {
      // The pattern, never the path: ids would make a series per post.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });

    app.decorate('metrics', {
      gauge({ name, help, label, read }) {
        new client.Gauge({
          name,
          help,
          labelNames: label ? [label] : [],
          registers: [registry],
          async collect() {
            const reading = await read();
            if (typeof reading === 'number') this.set(reading);
            else for (const [value, figure] of Object.entries(reading)) this.set({ [label!]: value }, figure);
          },
        });
      },
    } satisfies Metrics);

    const pool = app.pool;
    app.metrics.gauge({
      name: 'db_pool_connections',
      help: "This instance's PostgreSQL connections: open in all, idle, and queries waiting for one",
      label: 'state',
      read: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    });

    const token = app.config.METRICS_TOKEN;
    if (!token) return;
    app.get('/metrics', async (request, reply) => {
      if (!hasToken(request, token)) {
        throw new AppError('UNAUTHENTICATED', 'The figures need the metrics token.', { headers: { 'www-authenticate': 'Bearer' } });
      }
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['errors'] },
);
