import { setTimeout as sleep } from 'node:timers/promises';

/**
 * `probe` as a yes/no answer at most `maxAgeMs` old; callers at the same moment share one probe,
 * and one with no answer within `timeoutMs` is a no. For readiness checks a balancer makes often.
 */
export function cachedCheck(probe: () => Promise<unknown>, { maxAgeMs = 1_000, timeoutMs = 800 } = {}): () => Promise<boolean> {
  let answer = false;
  let at = -Infinity;
  let pending: Promise<boolean> | null = null;
  return () => {
    if (performance.now() - at < maxAgeMs) return Promise.resolve(answer);
    pending ??= Promise.race([probe().then(() => true), sleep(timeoutMs, false, { ref: false })])
      .catch(() => false)
      .then((ok) => {
        [answer, at, pending] = [ok, performance.now(), null];
        return ok;
      });
    return pending;
  };
}
