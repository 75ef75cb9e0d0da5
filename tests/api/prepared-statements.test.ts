import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostFilters } from '../../src/domain/posts';
import { connect, type Database } from '../../src/server/db/client';
import { executePrepared } from '../../src/server/db/prepared';
import { createMapRepository } from '../../src/server/modules/posts/map/repository';
import { keysCondition } from '../../src/server/modules/posts/search';
import { filterConditions } from '../../src/server/modules/posts/filters';
import { useTestApp } from './helpers';

const ctx = useTestApp();
/** One connection, so pg_prepared_statements (a session's own) sees every statement it ran. */
let one: Database;
beforeAll(() => {
  one = connect(ctx.database.pool.options.connectionString!, null, 1);
});
afterAll(() => one.close());

const prepared = async () =>
  (await one.pool.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')).rows;

const ALL: PostFilters = { q: undefined, status: 'all', amount: 'all', region: 'all', distance: 'all' };
const ORIGIN = { lat: 43.6532, lng: -79.3832 };

describe('named prepared statements (docs/decisions/0090)', () => {
  it('are parsed once per connection and answer each call with its own values', async () => {
    const square = (n: number) => executePrepared<{ v: number }>(one.db, 'square', sql`SELECT ${n}::int * ${n}::int AS v`);
    expect(await square(3)).toEqual([{ v: 9 }]);
    expect(await square(7)).toEqual([{ v: 49 }]);
    const mine = (await prepared()).filter((s) => s.name.startsWith('square_'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.statement).toContain('$1::int * $2::int');
  });

  it('serve the map without a search, never a search whose plan depends on its word', async () => {
    const map = createMapRepository(one.db);
    const grid = { level: 13, x0: 2286, x1: 2296, y0: 2982, y1: 2989 };
    const cell = { cx: 2290, cy: 2985, n: 1, lat: 43.65, lng: -79.38 };
    await map.cellsFromTable(grid, { ...ALL, type: 'fruit' });
    const plain = filterConditions({ ...ALL, type: 'fruit' }, ORIGIN);
    await map.idsInCells(grid.level, [cell], plain, plain);
    await map.idsInGrid(grid, plain, 201);
    const names = (await prepared()).map((s) => s.name.replace(/_[\w-]{16}$/, ''));
    expect(names).toEqual(expect.arrayContaining(['map_cells', 'map_singles', 'map_points']));

    const searched = { ...ALL, type: 'fruit' as const, q: 'apple' };
    const exact = filterConditions(searched, ORIGIN);
    const before = (await prepared()).length;
    await map.idsInCells(grid.level, [cell], keysCondition(searched)!.getSQL(), exact, true);
    // A search counted from word_cells finds its lone posts by the filters alone (docs/decisions/0095).
    await map.idsInCells(grid.level, [cell], exact, exact, true);
    await map.idsInGrid(grid, keysCondition(searched)!.getSQL(), 201, true);
    expect(await prepared()).toHaveLength(before);
  });
});
