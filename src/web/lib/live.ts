import { NOTIFICATION_TYPES, type NotificationType } from '../../domain/notification-values';
import type { Notification } from '../../domain/notifications';

/**
 * The live socket's client (spec §4 Live connection, DECISIONS 22): one socket at /ws for a
 * signed-in member, which says `authenticate` after it opens and comes back after a drop with a
 * jittered, capped exponential backoff. Parse and socket errors are only logged (spec §8).
 */

export type LiveStatus = 'connected' | 'disconnected';

/** The server closes a socket whose session has no member with this code (server notifications/socket.ts). */
export const CLOSE_SIGN_IN = 4401;
/** …and a suspended member's sockets with this one (issue 19). */
export const CLOSE_SUSPENDED = 4403;

/** Waits between attempts: from about 1 s, doubling, up to 30 s. */
export const BACKOFF: { baseMs: number; capMs: number } = { baseMs: 1000, capMs: 30_000 };

/**
 * The wait before reconnect attempt `attempt` (0 for the first): the doubled delay, capped, of
 * which a random half ("equal jitter"), so the sockets a server restart dropped do not all come
 * back at the same moment.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  { baseMs, capMs } = BACKOFF,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The socket's address on the page's own host: wss when the page is https (spec §7). */
export const liveUrl = ({ protocol, host }: Pick<Location, 'protocol' | 'host'>) =>
  `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The server's answer to `authenticate`: the member of the session the socket was opened with. */
export interface Authenticated {
  type: 'authenticated';
  userId: string;
}

/** The member read notifications or a conversation in another tab or device (docs/decisions/0146). */
export interface ReadElsewhere {
  type: 'notifications_read';
}

/**
 * A frame from the server as a notification (unread), the `authenticated` answer (logged, spec
 * §4), word of notifications read elsewhere, or null for anything unreadable (logged, spec §8).
 */
export function readFrame(raw: string): Notification | Authenticated | ReadElsewhere | null {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch (error) {
    console.error('Live: a message could not be read', error);
    return null;
  }
  if (isRecord(message) && message.type === 'authenticated' && typeof message.userId === 'string') {
    console.info('Live: authenticated as', message.userId);
    return { type: 'authenticated', userId: message.userId };
  }
  if (isRecord(message) && message.type === 'notifications_read') return { type: 'notifications_read' };
  const { type, data, notificationId, createdAt } = isRecord(message) ? message : {};
  if (
    !NOTIFICATION_TYPES.includes(type as NotificationType) ||
    !isRecord(data) ||
    typeof notificationId !== 'string' ||
    typeof createdAt !== 'string'
  ) {
    console.error('Live: an unexpected message', message);
    return null;
  }
  return { id: notificationId, type, data, createdAt, read: false } as Notification;
}

export interface LiveOptions {
  url: string;
  userId: string;
  onStatus: (status: LiveStatus) => void;
  /** After each (re)connection: what was missed meanwhile can be fetched. */
  onOpen: () => void;
  onNotification: (notification: Notification) => void;
  /** Notifications or a conversation were read in another tab or device: what shows them can be fetched again. */
  onRead: () => void;
  /**
   * The server says the session has no member (CLOSE_SIGN_IN) or is suspended (CLOSE_SUSPENDED), or
   * the socket came back with another member's session (signed in elsewhere in this browser): no
   * reconnecting.
   */
  onRefused: () => void;
  /** The WebSocket class (tests in Node pass the `ws` package's). */
  WebSocket?: typeof WebSocket;
  random?: () => number;
  backoff?: typeof BACKOFF;
}

/** Opens the socket and keeps it open until the returned function is called. */
export function connectLive(options: LiveOptions): () => void {
  const {
    url,
    userId,
    onStatus,
    onOpen,
    onNotification,
    onRead,
    onRefused,
    WebSocket: Socket = WebSocket,
  } = options;
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const open = () => {
    retry = undefined;
    const ws = new Socket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      ws.send(JSON.stringify({ type: 'authenticate', userId }));
      onStatus('connected');
      onOpen();
    };
    ws.onmessage = (event) => {
      const frame = readFrame(String(event.data));
      if (frame?.type === 'notifications_read') return onRead();
      if (frame?.type !== 'authenticated') return frame && onNotification(frame);
      if (frame.userId === userId) return;
      stopped = true;
      ws.close();
      onRefused();
    };
    // A close follows every error: the reconnecting is done there.
    ws.onerror = (event) => console.error('Live: socket error', event.type);
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = undefined;
      onStatus('disconnected');
      if (stopped) return;
      if (event.code === CLOSE_SIGN_IN || event.code === CLOSE_SUSPENDED) return onRefused();
      retry = setTimeout(open, backoffDelay(attempt++, options.random, options.backoff));
    };
  };

  // Back online: at once, not at the end of a long wait.
  const online = () => {
    if (stopped || socket) return;
    clearTimeout(retry);
    attempt = 0;
    open();
  };
  globalThis.addEventListener?.('online', online);
  open();

  return () => {
    stopped = true;
    clearTimeout(retry);
    globalThis.removeEventListener?.('online', online);
    const ws = socket;
    socket = undefined;
    ws?.close(1000, 'Closed by the page');
  };
}
