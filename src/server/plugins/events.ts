import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { startEventBus, type EventBus } from '../events/bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The EventBus shared by every instance (LISTEN/NOTIFY; docs/decisions/0050). */
    events: EventBus;
  }
}

/** One LISTEN connection per app instance, opened at start and closed with the app; never through a transaction pooler. */
export default fp(
  async function eventsPlugin(app: FastifyInstance) {
    const bus = await startEventBus({ pool: app.pool, listenPool: app.sessionPool, log: app.log });
    app.decorate('events', bus);
    app.metrics.gauge({
      name: 'event_bus_round_trip_seconds',
      help: 'From a NOTIFY of this instance to its arrival on its LISTEN connection, measured at the scrape (NaN: not back within 1 s)',
      read: async () => ((await bus.roundTrip(1_000)) ?? NaN) / 1000,
    });
    app.metrics.gauge({ name: 'event_bus_listening', help: '1 while the LISTEN connection is up', read: () => Number(bus.stats().listening) });
    app.metrics.gauge({ name: 'event_bus_received_messages', help: 'Messages from other instances since the start', read: () => bus.stats().received });
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'events', dependencies: ['metrics'] },
);
