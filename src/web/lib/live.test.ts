import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import type { Notification } from '../../domain/notifications';
import {
  backoffDelay,
  CLOSE_SIGN_IN,
  CLOSE_SUSPENDED,
  connectLive,
  liveUrl,
  readFrame,
  type LiveStatus,
} from './live';

const push = {
  type: 'new_message',
  data: { fromUserId: 'u2', fromUsername: 'Maple', content: 'Still there?', messageId: 'm1', postId: null },
  notificationId: 'n1',
  createdAt: '2026-11-25T12:00:00.000Z',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('backoffDelay', () => {
  it('starts near a second, doubles, and never waits past 30 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    expect(backoffDelay(4, () => 0.5)).toBe(12_000);
    expect(backoffDelay(5, () => 1)).toBe(30_000);
    expect(backoffDelay(40, () => 0)).toBe(15_000);
    expect(backoffDelay(40, () => 1)).toBe(30_000);
  });

  it('spreads the sockets of one drop over the upper half of each wait', () => {
    const waits = [0, 0.25, 0.5, 0.75, 0.99].map((r) => backoffDelay(2, () => r));
    expect(new Set(waits).size).toBe(5);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(2000);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(4000);
  });
});

describe('liveUrl', () => {
  it('is /ws on the same host, wss when the page is https', () => {
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
    expect(liveUrl({ protocol: 'https:', host: 'fruit.example' })).toBe('wss://fruit.example/ws');
  });
});

describe('readFrame', () => {
  it('reads a pushed notification as unread', () => {
    expect(readFrame(JSON.stringify(push))).toEqual({
      id: 'n1',
      type: 'new_message',
      data: push.data,
      createdAt: push.createdAt,
      read: false,
    });
  });

  it("logs 'authenticated' and hands on its member; only logs unreadable frames and unknown kinds (spec §4, §8)", () => {
    expect(readFrame(JSON.stringify({ type: 'authenticated', userId: 'u1' }))).toEqual({ type: 'authenticated', userId: 'u1' });
    expect(readFrame(JSON.stringify({ type: 'notifications_read' }))).toEqual({ type: 'notifications_read' });
    expect(console.info).toHaveBeenCalledWith('Live: authenticated as', 'u1');
    expect(readFrame('{not json')).toBeNull();
    expect(readFrame(JSON.stringify({ ...push, type: 'new_party' }))).toBeNull();
    expect(readFrame(JSON.stringify({ ...push, data: null }))).toBeNull();
    expect(readFrame('null')).toBeNull();
    expect(console.error).toHaveBeenCalledTimes(4);
  });
});

describe('connectLive against a socket server', () => {
  let server: WebSocketServer;
  let url: string;
  const received: string[] = [];

  beforeEach(async () => {
    received.length = 0;
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
    server.on('connection', (socket) => socket.on('message', (raw) => received.push(String(raw))));
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  function connect(overrides: { onRefused?: () => void } = {}) {
    const statuses: LiveStatus[] = [];
    const notifications: Notification[] = [];
    const opens = vi.fn();
    const reads = vi.fn();
    const stop = connectLive({
      url,
      userId: 'u1',
      onStatus: (status) => statuses.push(status),
      onOpen: opens,
      onNotification: (n) => notifications.push(n),
      onRead: reads,
      onRefused: overrides.onRefused ?? (() => undefined),
      WebSocket: NodeWebSocket as unknown as typeof WebSocket,
      backoff: { baseMs: 20, capMs: 40 },
    });
    return { stop, statuses, notifications, opens, reads };
  }
  const nextConnection = () => new Promise<NodeWebSocket>((resolve) => server.once('connection', resolve));

  it('authenticates after opening, hands on what is pushed, and comes back after a drop', async () => {
    const first = nextConnection();
    const live = connect();
    const socket = await first;
    await vi.waitFor(() =>
      expect(received).toEqual([JSON.stringify({ type: 'authenticate', userId: 'u1' })]),
    );
    expect(live.statuses).toEqual(['connected']);
    expect(live.opens).toHaveBeenCalledTimes(1);

    socket.send(JSON.stringify({ type: 'authenticated', userId: 'u1' }));
    socket.send(JSON.stringify(push));
    await vi.waitFor(() => expect(live.notifications.map((n) => n.id)).toEqual(['n1']));
    // Read in another tab: onRead, and no notification (0146).
    socket.send(JSON.stringify({ type: 'notifications_read' }));
    await vi.waitFor(() => expect(live.reads).toHaveBeenCalledTimes(1));
    expect(live.notifications).toHaveLength(1);

    const second = nextConnection();
    socket.terminate();
    await second;
    // Each (re)connection calls onOpen, so the missed notifications are fetched again.
    await vi.waitFor(() => expect(live.opens).toHaveBeenCalledTimes(2));
    expect(live.statuses).toEqual(['connected', 'disconnected', 'connected']);
    live.stop();
  });

  it('stops for good when the server says sign in first, or when the page closes it', async () => {
    const signedOut = vi.fn();
    const first = nextConnection();
    const live = connect({ onRefused: signedOut });
    (await first).close(CLOSE_SIGN_IN, 'Sign in to receive notifications');
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 120));
    expect(server.clients.size).toBe(0);
    expect(live.statuses).toEqual(['connected', 'disconnected']);

    const again = nextConnection();
    const other = connect();
    const socket = await again;
    await vi.waitFor(() => expect(other.statuses).toEqual(['connected']));
    other.stop();
    await new Promise((resolve) => socket.once('close', resolve));
    await new Promise((r) => setTimeout(r, 120));
    expect(server.clients.size).toBe(0);
  });

  it("stops for good, and asks the session again, when the socket comes back with another member's session (0113)", async () => {
    const refused = vi.fn();
    const first = nextConnection();
    const live = connect({ onRefused: refused });
    const socket = await first;
    socket.send(JSON.stringify({ type: 'authenticated', userId: 'u1' }));
    await new Promise((r) => setTimeout(r, 60));
    expect(refused).not.toHaveBeenCalled();
    // Another member signed in elsewhere in this browser: the cookie the socket came back with is theirs.
    socket.send(JSON.stringify({ type: 'authenticated', userId: 'u2' }));
    await vi.waitFor(() => expect(refused).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 120));
    expect(server.clients.size).toBe(0);
    expect(live.statuses).toEqual(['connected', 'disconnected']);
  });

  it('stops for good, and asks the session again, when the server says the member is suspended (issue 19)', async () => {
    const refused = vi.fn();
    const first = nextConnection();
    const live = connect({ onRefused: refused });
    (await first).close(CLOSE_SUSPENDED, 'Account suspended');
    await vi.waitFor(() => expect(refused).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 120));
    expect(server.clients.size).toBe(0);
    expect(live.statuses).toEqual(['connected', 'disconnected']);
  });
});
