import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { startEventBus, type EventBus } from '../events/bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The EventBus shared by every instance (LISTEN/NOTIFY; docs/decisions/0050). */
    events: EventBus;
  }
}

/** One LISTEN connection per app instance, opened at start and closed with the app. */
export default fp(
  async function eventsPlugin(app: FastifyInstance) {
    const bus = await startEventBus({ pool: app.pool, log: app.log });
    app.decorate('events', bus);
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'events' },
);
