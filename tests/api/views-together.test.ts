import { expect, it } from 'vitest';
import { useTestApp, warmPool } from './helpers';
import { insertPost } from './posts-helpers';

/**
 * Views reported at once (review findings): viewers whose pages share posts add to the same kept
 * counts (post_views, post_view_days) in one statement each. They take those rows in the same
 * order, so none waits on another in a circle (a deadlock answered 500).
 */
const ctx = useTestApp();
const POSTS = 60;

it('counts every view of many viewers reporting overlapping pages at once, without a deadlock', async () => {
  const ids: string[] = [];
  for (let i = 0; i < POSTS; i++) ids.push(await insertPost(ctx, { title: `Post ${i}` }));
  await warmPool(ctx);
  let expected = 0;
  const answers = [];
  for (let round = 0; round < 15; round++) {
    // Half the viewers report a few posts (a card or two), half a whole page of 50.
    const pages = Array.from({ length: 8 }, (_, k) => {
      const size = k % 2 === 0 ? 3 + (round % 5) : 50;
      return Array.from({ length: size }, (_, j) => ids[(round * 7 + k * 13 + j * (k % 2 === 0 ? 11 : 1)) % POSTS]!);
    });
    expected += pages.reduce((sum, page) => sum + new Set(page).size, 0);
    answers.push(
      ...(await Promise.all(
        pages.map((postIds, k) => ctx.app.inject({ method: 'POST', url: '/api/views', payload: { postIds }, remoteAddress: `10.90.${round}.${k + 1}` })),
      )),
    );
  }
  expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
  const { rows } = await ctx.database.pool.query<{ n: number }>('SELECT coalesce(sum(views), 0)::int AS n FROM post_view_days');
  expect(rows[0]!.n).toBe(expected);
});
