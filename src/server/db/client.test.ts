import { describe, expect, it } from 'vitest';
import { connect } from './client';

describe('connect', () => {
  it('uses one pool for everything without DATABASE_DIRECT_URL', async () => {
    const database = connect('postgres://app@127.0.0.1:1/app');
    expect(database.sessionPool).toBe(database.pool);
    await database.close();
  });

  it('keeps the sessions (LISTEN, advisory locks) on the direct connection, 4 at most', async () => {
    const database = connect('postgres://app@pgbouncer:6432/app', null, 20, 'postgres://app@127.0.0.1:1/app');
    expect(database.pool.options).toMatchObject({ connectionString: 'postgres://app@pgbouncer:6432/app', max: 20 });
    expect(database.sessionPool.options).toMatchObject({ connectionString: 'postgres://app@127.0.0.1:1/app', max: 4 });
    await database.close();
    expect([database.pool.ended, database.sessionPool.ended]).toEqual([true, true]);
  });
});
