import type http from 'node:http';
import net from 'node:net';

/** A connection that received nothing for this long, with no request under way, is idle. */
const QUIET_MS = 100;

export interface ConnectionDrain {
  /**
   * Stops accepting connections and lets the open ones end: each response from now on (those
   * under way included) carries `Connection: close`, so a busy keep-alive connection closes after
   * its answer; idle ones are closed at once. Resolves when no connection is left.
   */
  start(): Promise<void>;
}

interface Connection {
  responses: Set<http.ServerResponse>;
  /** When it last finished a response (or opened), and how many bytes it had received then. */
  quietSince: number;
  bytesRead: number;
}

/**
 * The connections of `server`, followed from its start so they can be drained (shutdown.ts,
 * docs/decisions/0077). A connection between two requests of a busy client looks idle to Node's
 * own `closeIdleConnections()`, which `server.close()` calls: closing it then resets the request
 * the client is already sending. Here a connection is idle once it has had no request under way
 * and received no byte for QUIET_MS.
 */
export function trackConnections(server: http.Server): ConnectionDrain {
  const connections = new Map<net.Socket, Connection>();
  let draining = false;
  let drained = () => {};

  server.on('connection', (socket: net.Socket) => {
    connections.set(socket, { responses: new Set(), quietSince: Date.now(), bytesRead: 0 });
    socket.once('close', () => {
      connections.delete(socket);
      if (draining && connections.size === 0) drained();
    });
  });
  // Before the app's own listener, which may answer at once.
  server.prependListener('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (draining) response.setHeader('connection', 'close');
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.responses.add(response);
    response.once('close', () => {
      connection.responses.delete(response);
      connection.quietSince = Date.now();
      connection.bytesRead = request.socket.bytesRead;
    });
  });

  /** Closes the connections that are idle; notes those that received something since last time. */
  function sweep(): void {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      if (connection.responses.size > 0) continue;
      if (socket.bytesRead !== connection.bytesRead) {
        connection.bytesRead = socket.bytesRead;
        connection.quietSince = now;
      } else if (now - connection.quietSince >= QUIET_MS) {
        socket.destroy();
      }
    }
  }

  return {
    start() {
      draining = true;
      for (const { responses } of connections.values()) {
        for (const response of responses) if (!response.headersSent) response.setHeader('connection', 'close');
      }
      // net.Server's close stops accepting without http.Server's closeIdleConnections() (see above).
      net.Server.prototype.close.call(server);
      sweep();
      const timer = setInterval(sweep, QUIET_MS / 2);
      return new Promise<void>((resolve) => {
        drained = () => {
          clearInterval(timer);
          resolve();
        };
        if (connections.size === 0) drained();
      });
    },
  };
}
