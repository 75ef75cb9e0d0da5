// The search words of the benchmark, from the generator's catalogue (src/server/modules/demo/catalog.ts,
// places.ts), and how often they begin a word of a post, as the search matches them.
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { connect } from '../src/server/db/client';
import { openBenchDatabase } from './db';

/** (3): what people look for, the items the catalogue's titles offer. */
export const ITEM_WORDS = [
  ...['apple', 'apples', 'crabapples', 'pear', 'pears', 'plums', 'cherries', 'mulberries', 'serviceberries'],
  ...['saskatoons', 'juneberries', 'grapes', 'apricots', 'elderberries', 'rhubarb', 'honeycrisp', 'mcintosh'],
  ...['bartlett', 'bosc', 'damson', 'montmorency', 'concord', 'firewood', 'maple', 'oak', 'ash', 'birch'],
  ...['kindling', 'cedar', 'cherry', 'hardwood', 'logs', 'rounds', 'wood', 'offcuts', 'skids', 'pallets'],
  ...['pallet', 'lumber', 'crate'],
] as const;

/**
 * (5), (6): a rare word and a common one. Counted on 200,000 generated posts (`npx tsx
 * bench/words.ts`): "centre" (Centre St, Thornhill) begins a word of 0.03 % of them, fewer than the
 * rarest item (elderberries, rhubarb: 1.6 %, everywhere), so the 3,000 nearest posts a search
 * with a distance looks through first hold less than a page of it and the search index answers;
 * "kindling" begins a word of 9.8 % (firewood and skids, everywhere). Until migration 0024 every
 * post's street was searched and "centre" began a word of 0.48 %; now only the streets of
 * exact-location posts are (docs/decisions/0106), and no word of the generated posts is as rare
 * as that and gathered in one place: figures of (5) and (6) from before it are not comparable.
 */
export const RARE_WORD = 'centre';
export const COMMON_WORD = 'kindling';

/** The share of posts (0..1) in which each word begins a word, as `q` matches it, in one pass over the posts. */
export async function wordShares(
  databaseUrl: string,
  words: readonly string[],
): Promise<Map<string, number>> {
  const database = connect(databaseUrl, null, 1);
  try {
    const counts = sql.join(
      words.map(
        (w, i) =>
          sql`count(*) FILTER (WHERE search_vector @@ search_phrase(${w}))::int AS ${sql.identifier(`w${i}`)}`,
      ),
      sql`, `,
    );
    const { rows } = await database.db.execute<Record<string, number>>(
      sql`SELECT count(*)::int AS total, ${counts} FROM posts`,
    );
    const row = rows[0]!;
    return new Map(words.map((w, i) => [w, row[`w${i}`]! / Math.max(1, row.total!)]));
  } finally {
    await database.close();
  }
}

// `npx tsx bench/words.ts [word …]`: the shares of these words (by default the ones above) in the
// benchmark's database (BENCH_DATABASE_URL, else the embedded one in BENCH_DATA_DIR).
if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const asked = process.argv.slice(2);
  const words = asked.length ? asked : [...new Set([...ITEM_WORDS, RARE_WORD, COMMON_WORD])];
  const database = await openBenchDatabase(process.env);
  try {
    const shares = [...(await wordShares(database.url, words))].sort((a, b) => a[1] - b[1]);
    for (const [word, share] of shares) console.log(`${(100 * share).toFixed(2).padStart(6)} %  ${word}`);
  } finally {
    await database.stop();
  }
}
