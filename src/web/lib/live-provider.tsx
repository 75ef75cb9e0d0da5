import { createContext, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '../../domain/notifications';
import { connectLive, liveUrl, type LiveStatus } from './live';
import { sessionChanged } from './session';
import { useSession } from './session-provider';

/**
 * What a feature does with the socket's news: after each (re)connection, with each notification,
 * and when the member read some in another tab or device.
 */
export interface LiveListener {
  onOpen?: () => void;
  onNotification?: (notification: Notification) => void;
  onRead?: () => void;
}

interface Live {
  status: LiveStatus;
  listeners: Set<LiveListener>;
}

const LiveContext = createContext<Live | null>(null);

/**
 * One live socket per signed-in session (spec §4): opened when a member is signed in, closed on
 * sign-out or when the member changes. Features listen through useLiveEvents; the header shows
 * useLiveStatus. A socket the server refuses (no member, or a suspended one) asks the session again.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  // A suspended member gets no socket (issue 19): the server would close it; the session says why.
  const userId = user && !user.suspension ? user.id : null;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('disconnected');
  const [listeners] = useState(() => new Set<LiveListener>());

  useEffect(() => {
    if (!userId) return;
    const stop = connectLive({
      url: liveUrl(window.location),
      userId,
      onStatus: setStatus,
      onOpen: () => listeners.forEach((listener) => listener.onOpen?.()),
      onNotification: (n) => listeners.forEach((listener) => listener.onNotification?.(n)),
      onRead: () => listeners.forEach((listener) => listener.onRead?.()),
      onRefused: () => void sessionChanged(queryClient),
    });
    return () => {
      stop();
      setStatus('disconnected');
    };
  }, [userId, listeners, queryClient]);

  const live = useMemo(() => ({ status, listeners }), [status, listeners]);
  return <LiveContext value={live}>{children}</LiveContext>;
}

function useLive(): Live {
  const live = use(LiveContext);
  if (!live) throw new Error('useLive must be used inside a LiveProvider');
  return live;
}

/** 'connected' while the member's socket is open (the bell's Live), else 'disconnected' (Offline). */
export const useLiveStatus = (): LiveStatus => useLive().status;

/** Calls the listener's latest functions for as long as the calling component is shown. */
export function useLiveEvents(listener: LiveListener): void {
  const { listeners } = useLive();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const relay: LiveListener = {
      onOpen: () => latest.current.onOpen?.(),
      onNotification: (n) => latest.current.onNotification?.(n),
      onRead: () => latest.current.onRead?.(),
    };
    listeners.add(relay);
    return () => void listeners.delete(relay);
  }, [listeners]);
}
