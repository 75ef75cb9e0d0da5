import type { Db, Tx } from './client';

/** Queues what to announce once the transaction is committed (events other instances and sockets act on). */
export type Announce = (then: () => Promise<void>) => void;

/**
 * Runs `work`'s writes in one transaction, then what they announce, in the order they were queued,
 * so nobody reads a change before it is committed and a failed write leaves nothing behind.
 */
export async function committed<T>(db: Db, work: (tx: Tx, announce: Announce) => Promise<T>): Promise<T> {
  const later: Array<() => Promise<void>> = [];
  const result = await db.transaction((tx) => work(tx, (then) => void later.push(then)));
  for (const then of later) await then();
  return result;
}
