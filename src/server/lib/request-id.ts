import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An id a balancer or client sent that is safe to repeat in logs and headers. */
const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The request's id (docs/decisions/0085): the `X-Request-Id` a load balancer set (so its log and
 * ours name the request alike), when it looks like an id, else a new UUID.
 */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && SAFE_ID.test(sent) ? sent : randomUUID();
}

const context = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `next` (the rest of the request's hooks and its handler) with `reqId` known to every log line. */
export function withRequestId(reqId: string, next: () => void): void {
  context.run({ reqId }, next);
}

/**
 * pino's `mixin`: the id of the request under way on every line logged while it is handled, by
 * the request's logger or by a service's (`app.log`), which know nothing of the request.
 */
export function requestIdMixin(): { reqId?: string } {
  const store = context.getStore();
  return store ? { reqId: store.reqId } : {};
}
