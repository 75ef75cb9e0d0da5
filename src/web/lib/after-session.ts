import { useEffect, useEffectEvent, useRef } from 'react';
import { useSession } from './session-provider';

/**
 * A click's handler that waits for the session's first answer: pressed before it, the action runs
 * once the session is known, with the session as it is then. A member is not taken for a guest
 * (the session's answer is handed on in a transition, after the cards may already show).
 */
export function useAfterSession(action: () => void): () => void {
  const { isLoading } = useSession();
  const wanted = useRef(false);
  const run = useEffectEvent(action);
  useEffect(() => {
    if (!wanted.current || isLoading) return;
    wanted.current = false;
    run();
  }, [isLoading]);
  return () => {
    if (isLoading) wanted.current = true;
    else action();
  };
}
