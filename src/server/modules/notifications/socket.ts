import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { SocketServerMessage } from '../../../domain/notifications';
import { isSuspended } from '../../../domain/suspension';
import { ACCOUNT_DELETED, ACCOUNT_SUSPENDED, NOTIFICATION_CREATED, NOTIFICATIONS_READ, SESSION_CHANGED } from '../../events/topics';
import { isCrossSite } from '../../plugins/security';
import type { NotificationsService } from './service';
import { warnUnlessUnavailable } from '../../db/availability';

/** How often a socket is pinged; one that has not answered the last ping by then is closed. */
export const PING_EVERY_MS = 30_000;
/** The largest frame a client may send: its messages are tiny. */
export const MAX_FRAME_BYTES = 4096;
/** Closed with this when the socket's session has no member (spec §4: a socket is for a signed-in user). */
export const CLOSE_SIGN_IN = 4401;
/** Closed with this when the member is suspended (issue 19): the web reads its session again, which says why. */
export const CLOSE_SUSPENDED = 4403;

/**
 * The live socket at /ws (spec §3, §4 Live connection; DECISIONS 22). The member comes from the
 * session cookie of the upgrade request, never from a message: an `authenticate` message is
 * answered `authenticated` with the session's member. Notifications stored on any instance reach
 * the member's sockets on this one through the bus (NOTIFICATION_CREATED), by id.
 */
export const notificationsSocket: FastifyPluginAsync<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const sockets = new Map<string, Set<WebSocket>>();
  const send = (socket: WebSocket, message: SocketServerMessage) => socket.send(JSON.stringify(message));
  app.metrics.gauge({
    name: 'websocket_connections_open',
    help: "Members' live sockets open on this instance",
    read: () => [...sockets.values()].reduce((sum, held) => sum + held.size, 0),
  });

  app.events.subscribe(NOTIFICATION_CREATED, ({ userId, id }) => {
    const held = sockets.get(userId);
    if (!held?.size) return;
    notifications
      .byId(id)
      .then((found) => {
        if (!found) return;
        const { notification: n } = found;
        for (const socket of held) send(socket, { type: n.type, data: n.data, notificationId: n.id, createdAt: n.createdAt });
      })
      .catch((err: unknown) => warnUnlessUnavailable(app.log, err, {}, 'a notification could not be sent to its socket'));
  });

  // Read in one tab or device: the member's others ask the bell and the inbox again (0146).
  app.events.subscribe(NOTIFICATIONS_READ, ({ userId }) => {
    for (const socket of sockets.get(userId) ?? []) send(socket, { type: 'notifications_read' });
  });

  /** Sockets pinged that have not answered yet. */
  const unanswered = new WeakSet<WebSocket>();
  const pings = setInterval(() => {
    for (const held of sockets.values())
      for (const socket of held) {
        if (unanswered.has(socket)) {
          socket.terminate();
          continue;
        }
        unanswered.add(socket);
        socket.ping();
      }
  }, PING_EVERY_MS);
  pings.unref();
  // A session that ends (sign-out, a new sign-in on the device) takes its sockets with it.
  const sessionOf = new WeakMap<WebSocket, string>();
  app.events.subscribe(SESSION_CHANGED, ({ sessionId }) => {
    if (!sessionId) return;
    for (const held of sockets.values())
      for (const socket of held) if (sessionOf.get(socket) === sessionId) socket.close(CLOSE_SIGN_IN, 'Signed out');
  });
  // A suspended member's sockets close on every instance (issue 19).
  app.events.subscribe(ACCOUNT_SUSPENDED, ({ userId }) => {
    for (const socket of sockets.get(userId) ?? []) socket.close(CLOSE_SUSPENDED, 'Account suspended');
  });
  // A deleted account's sockets close on every instance and device, as at a sign-out: the web asks
  // its session again and finds a guest (DECISIONS 17).
  app.events.subscribe(ACCOUNT_DELETED, ({ userId }) => {
    for (const socket of sockets.get(userId) ?? []) socket.close(CLOSE_SIGN_IN, 'Account deleted');
  });
  app.addHook('onClose', async () => {
    clearInterval(pings);
    for (const held of sockets.values()) for (const socket of held) socket.close(1001, 'Server shutting down');
  });

  app.get(
    '/ws',
    {
      websocket: true,
      // Another site's page cannot open a socket with the member's cookie.
      preValidation: async (request, reply) => {
        if (isCrossSite(request, app.config.PUBLIC_URL)) {
          await reply.code(403).send({ message: 'Cross-site sockets are not allowed.' });
        }
      },
    },
    (socket, request) => {
      const userId = request.actor.userId;
      if (!userId) {
        socket.close(CLOSE_SIGN_IN, 'Sign in to receive notifications');
        return;
      }
      if (isSuspended(request.actor.suspension, new Date())) {
        socket.close(CLOSE_SUSPENDED, 'Account suspended');
        return;
      }
      const held = sockets.get(userId) ?? new Set<WebSocket>();
      sockets.set(userId, held);
      held.add(socket);
      if (request.actor.sessionId) sessionOf.set(socket, request.actor.sessionId);
      socket.on('pong', () => unanswered.delete(socket));
      socket.on('message', (raw) => {
        let message: unknown;
        try {
          message = JSON.parse(String(raw));
        } catch {
          return; // spec §8: socket parse errors are only logged (by the client)
        }
        if ((message as { type?: unknown })?.type === 'authenticate') send(socket, { type: 'authenticated', userId });
      });
      socket.on('close', () => {
        held.delete(socket);
        if (held.size === 0) sockets.delete(userId);
      });
    },
  );
};
