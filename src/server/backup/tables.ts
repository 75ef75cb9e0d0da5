import type pg from 'pg';

/** One table of the app's schema, as a backup holds it. */
export interface TableInfo {
  name: string;
  /** Its stored columns, in order (generated ones are computed again on restore). */
  columns: string[];
  /** The tables its foreign keys point to (itself left out). */
  parents: string[];
}

/** The tables of schema `public`, each after the tables it refers to (so loading them in order meets every foreign key). */
export async function appTables(client: Pick<pg.ClientBase, 'query'>): Promise<TableInfo[]> {
  const { rows } = await client.query<TableInfo>(`
    SELECT c.relname AS name,
      array(SELECT a.attname::text FROM pg_attribute a
            WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
            ORDER BY a.attnum) AS columns,
      array(SELECT DISTINCT r.relname::text FROM pg_constraint k JOIN pg_class r ON r.oid = k.confrelid
            WHERE k.conrelid = c.oid AND k.contype = 'f' AND k.confrelid <> c.oid) AS parents
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
    ORDER BY c.relname`);
  return parentsFirst(rows);
}

/** `tables` ordered so that each comes after its parents; a cycle of foreign keys is an error. */
export function parentsFirst(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: TableInfo, path: string[]) => {
    if (state.get(table.name) === 'done') return;
    if (state.get(table.name) === 'visiting') throw new Error(`foreign keys form a cycle: ${[...path, table.name].join(' -> ')}`);
    state.set(table.name, 'visiting');
    for (const parent of table.parents) {
      const found = byName.get(parent);
      if (found) visit(found, [...path, table.name]);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}
