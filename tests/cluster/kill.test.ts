import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { signInMembers } from '../../bench/members';
import { call, useCluster } from './harness';

/**
 * An instance killed with -9 in the middle of a load of writes through HAProxy (issue 21, item 5;
 * docs/decisions/0085): every write that was acknowledged is in the database, and once the
 * balancer's checks have seen the instance gone (500 ms apart, down after 2) every request is
 * answered by the other one.
 */
const ctx = useCluster();

const RATE = 40;
const SECONDS = 4;
const KILL_AT_MS = 1_500;
/** Two failed checks 500 ms apart, and a margin for a busy machine. */
const ROUTED_AROUND_MS = 1_500;

interface Sent {
  at: number;
  status: number;
  id: string | null;
}

describe('kill -9 of an instance under load', () => {
  it('loses no acknowledged write, and the balancer routes around it', async () => {
    // 16 writers, 10 messages each: far within the limits of messages and conversations.
    const [recipient, ...writers] = await signInMembers(ctx.cluster.url, 'Load member', 70, 17);
    const victim = ctx.cluster.instances[0]!;
    const started = performance.now();
    let killedAt = Infinity;
    const kill = new Promise<void>((resolve) =>
      setTimeout(() => {
        killedAt = performance.now() - started;
        victim.process()!.kill('SIGKILL');
        resolve();
      }, KILL_AT_MS),
    );

    const sends: Array<Promise<Sent>> = [];
    for (let i = 0; i < RATE * SECONDS; i++) {
      const wait = started + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const at = performance.now() - started;
      const writer = writers[i % writers.length]!;
      sends.push(
        call(`${ctx.cluster.url}/api/messages`, { method: 'POST', cookie: writer.cookie, json: { toUserId: recipient!.id, content: `load ${i}` } }).then(
          (answer) => ({ at, status: answer.status, id: answer.status === 201 ? (JSON.parse(answer.body) as { id: string }).id : null }),
          () => ({ at, status: 0, id: null }),
        ),
      );
    }
    await kill;
    const sent = await Promise.all(sends);

    const acknowledged = sent.flatMap((s) => (s.id ? [s.id] : []));
    expect(sent.filter((s) => s.at > killedAt && s.id).length).toBeGreaterThan(RATE);
    const db = new pg.Pool({ connectionString: ctx.cluster.databaseUrl, max: 1 });
    try {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE id = ANY($1::uuid[])', [acknowledged]);
      expect(rows[0]!.n).toBe(acknowledged.length);
    } finally {
      await db.end();
    }
    // Only requests under way around the kill may fail; none once the checks have seen it gone.
    const late = sent.filter((s) => s.at > killedAt + ROUTED_AROUND_MS);
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((s) => s.status !== 201)).toEqual([]);
    expect(sent.filter((s) => s.status !== 201 && s.status !== 502 && s.status !== 503 && s.status !== 0)).toEqual([]);
    expect(victim.process()).toBeNull();
  });
});
