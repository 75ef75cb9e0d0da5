// `npm run seed -- --posts N [--database-url URL] [--seed S]`: adds N generated load-test posts
// (docs/decisions/0032). Without a URL it uses the app's own database: DATABASE_URL, or the
// embedded PostgreSQL in DATA_DIR, which it refuses to touch while the app is running on it.
import { parseArgs } from 'node:util';
import { loadToolConfig } from '../src/server/config';
import { connect, openDatabase, type Database } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { seedPosts } from '../src/server/modules/demo/seed';
import { notify } from '../src/server/events/bus';
import { POST_CHANGED } from '../src/server/events/topics';
import { runCli } from './cli';

const USAGE = 'Usage: npm run seed -- --posts N [--database-url postgres://…] [--seed S]';

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { posts: { type: 'string' }, 'database-url': { type: 'string' }, seed: { type: 'string' } },
  });
  const posts = Number(values.posts);
  const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
  if (!Number.isInteger(posts) || posts < 1 || !Number.isInteger(seed)) return null;
  return { posts, seed, url: values['database-url'] };
}

async function open(url: string | undefined): Promise<{ database: Database; where: string }> {
  if (url) return { database: connect(url, null, 2), where: 'the given database' };
  const config = loadToolConfig();
  const database = await openDatabase(
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR },
    { info: console.log, warn: console.warn },
  );
  return {
    database,
    where: config.DATABASE_URL ? 'DATABASE_URL' : `the embedded database in ${config.DATA_DIR}`,
  };
}

async function main(argv: string[]): Promise<number> {
  // An unknown option or a missing value throws: runCli prints it with the usage.
  const args = parse(argv);
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const { database, where } = await open(args.url);
  try {
    await runMigrations(database.pool);
    console.log(`Seeding ${args.posts.toLocaleString('en')} posts into ${where} (seed ${args.seed})…`);
    const started = performance.now();
    let shown = 0;
    const { inserted, bulk } = await seedPosts(database.pool, {
      count: args.posts,
      seed: args.seed,
      onProgress: (done) => {
        if (done - shown >= 100_000 || done === args.posts) {
          shown = done;
          console.log(`  ${done.toLocaleString('en')} posts`);
        }
      },
    });
    // Running app instances drop their cached pages, totals and map views (docs/decisions/0050).
    await notify(database.pool, POST_CHANGED, {});
    const seconds = (performance.now() - started) / 1000;
    const rate = Math.round(inserted / seconds).toLocaleString('en');
    console.log(
      `Added ${inserted.toLocaleString('en')} posts in ${seconds.toFixed(1)} s (${rate} posts/s${bulk ? ', bulk load' : ''}).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
