import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Exit, Postmaster, StopTimes } from './postmaster';
import { supervise } from './supervisor';

/** A server process the test ends by hand ('crash'), recording how it was asked to stop. */
function fakeServer(pid: number) {
  let end: (exit: Exit) => void = () => {};
  const stops: StopTimes[] = [];
  const server: Postmaster & { crash(exit: Exit): void; stops: StopTimes[] } = {
    pid,
    exited: new Promise<Exit>((resolve) => (end = resolve)),
    stop: async (times) => {
      stops.push(times);
      end({ code: 0, signal: null });
    },
    askToStop: () => {},
    crash: (exit) => end(exit),
    stops,
  };
  return server;
}

const DELAYS = { minMs: 10, maxMs: 40, stableMs: 60_000 };
const TIMES: StopTimes = { fastMs: 100, immediateMs: 50 };

function setUp(startResults: Array<'fail' | number>) {
  const lines: string[] = [];
  const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
  const started: ReturnType<typeof fakeServer>[] = [];
  const start = async () => {
    const next = startResults.shift();
    if (next === undefined || next === 'fail') throw new Error('could not bind 127.0.0.1:5432');
    const server = fakeServer(next);
    started.push(server);
    return server;
  };
  const first = fakeServer(100);
  return { first, started, lines, supervised: supervise(first, start, log, DELAYS) };
}

describe('the embedded PostgreSQL supervisor', () => {
  it('starts a server that stopped unasked again, with backoff and one log line per attempt', async () => {
    const { first, started, lines, supervised } = setUp(['fail', 'fail', 101]);
    first.crash({ code: null, signal: 'SIGKILL' });
    await sleep(150);
    expect(lines).toEqual([
      'The embedded PostgreSQL stopped unexpectedly (killed by SIGKILL); starting it again in 10 ms',
      'Starting the embedded PostgreSQL again failed (attempt 1): could not bind 127.0.0.1:5432; next attempt in 20 ms',
      'Starting the embedded PostgreSQL again failed (attempt 2): could not bind 127.0.0.1:5432; next attempt in 40 ms',
      'The embedded PostgreSQL is running again (attempt 3, pid 101)',
    ]);
    expect(supervised.current()).toBe(started[0]);
    await supervised.stop(TIMES);
    expect(started[0]!.stops).toEqual([TIMES]);
  });

  it('keeps the delay it reached for a server that stops again soon after', async () => {
    const { first, started, lines, supervised } = setUp(['fail', 101, 102]);
    first.crash({ code: 1, signal: null });
    await sleep(80);
    started[0]!.crash({ code: 1, signal: null });
    await sleep(80);
    expect(lines.filter((l) => l.includes('stopped unexpectedly'))).toEqual([
      'The embedded PostgreSQL stopped unexpectedly (exit code 1); starting it again in 10 ms',
      'The embedded PostgreSQL stopped unexpectedly (exit code 1); starting it again in 20 ms',
    ]);
    expect(supervised.current()?.pid).toBe(102);
    await supervised.stop(TIMES);
  });

  it('starts nothing more once stopped, and stops the server it runs', async () => {
    const { first, started, lines, supervised } = setUp([101]);
    await supervised.stop(TIMES);
    expect(first.stops).toEqual([TIMES]);
    first.crash({ code: null, signal: 'SIGKILL' });
    await sleep(40);
    expect(started).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('cancels a restart that is waiting for its delay when stopped', async () => {
    const { first, started, lines, supervised } = setUp([101]);
    first.crash({ code: null, signal: 'SIGKILL' });
    await sleep(1);
    expect(lines).toHaveLength(1);
    await supervised.stop(TIMES);
    await sleep(40);
    expect(started).toEqual([]);
    expect(supervised.current()).toBeNull();
  });
});
