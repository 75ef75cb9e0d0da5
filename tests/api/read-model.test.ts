import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CARD_CHANGED, MEMBER_CHANGED } from '../../src/server/events/topics';
import type { PostRow } from '../../src/server/modules/posts/present';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { insertPost } from './posts-helpers';

/**
 * The posts read model (docs/decisions/0070): a card carries what other areas keep (here a
 * comment count from a card part, as the comments area will add one), and a change to one card
 * reads that card again without dropping the pages that hold it, or any other page.
 */
const ctx = useTestApp();
const comments = new Map<string, number>();
let member: Member;
let apples: string;
let logs: string;
let loads = 0;
/** Run once while the next cards are read: a change that lands mid-request. */
let duringLoad: (() => Promise<void>) | null = null;

beforeAll(async () => {
  apples = await insertPost(ctx, { type: 'fruit', title: 'Apples', userId: null });
  logs = await insertPost(ctx, { type: 'firewood', title: 'Logs' });
  member = await registerMember(ctx.app);
  ctx.app.posts.addCardPart({
    async load(rows: readonly PostRow[]) {
      loads += 1;
      const parts = new Map(rows.map((row) => [row.id, { commentCount: comments.get(row.id) ?? 0 }]));
      const change = duringLoad;
      duringLoad = null;
      await change?.();
      return parts;
    },
  });
});

const list = (query: string) => ctx.app.inject(as(member.cookie, { method: 'GET', url: `/api/posts?${query}` }));
const countOf = (res: LightMyRequestResponse, id: string) =>
  (res.json() as Array<{ id: string; commentCount: number }>).find((p) => p.id === id)?.commentCount;

describe('cards carry other areas’ data without costing the pages', () => {
  it('keeps every page while one card changes, and shows that card fresh', async () => {
    expect(countOf(await list('type=fruit'), apples)).toBe(0);
    expect(countOf(await list('type=firewood'), logs)).toBe(0);
    const fruit = await list('type=fruit');
    expect(fruit.headers['x-cache']).toBe('hit');

    comments.set(apples, 3);
    await ctx.app.events.publish(CARD_CHANGED, { postId: apples });
    const query = vi.spyOn(ctx.database.pool, 'query');
    try {
      const firewood = await list('type=firewood');
      expect(firewood.headers['x-cache']).toBe('hit');
      expect(countOf(firewood, logs)).toBe(0);
      // The other page was answered from memory: not one query.
      expect(query).not.toHaveBeenCalled();

      const loadsBefore = loads;
      const fresh = await list('type=fruit');
      expect(fresh.headers['x-cache']).toBe('hit');
      expect(countOf(fresh, apples)).toBe(3);
      // Only the changed card was read again: its row and its parts (the test's, the comment count), nothing else.
      expect(loads).toBe(loadsBefore + 1);
      const asked = query.mock.calls.map(([q, values]) => JSON.stringify([(q as { values?: unknown }).values ?? values]));
      expect(asked.length).toBeGreaterThan(0);
      for (const params of asked) {
        expect(params).toContain(apples);
        expect(params).not.toContain(logs);
      }
    } finally {
      query.mockRestore();
    }
  });

  it('reads again the cards of a member whose shown data changed, and nothing else', async () => {
    const mine = await insertPost(ctx, { type: 'skids', title: 'Pallets', userId: member.id });
    expect((await list('')).headers['x-cache']).toBe('miss');
    expect((await list('')).headers['x-cache']).toBe('hit');
    comments.set(mine, 7);
    comments.set(logs, 5);
    await ctx.app.events.publish(MEMBER_CHANGED, { userId: member.id });
    const after = await list('');
    expect(after.headers['x-cache']).toBe('hit');
    expect(countOf(after, mine)).toBe(7);
    // Another post's card was not read again: it still shows what it showed.
    expect(countOf(after, logs)).toBe(0);
  });

  it('keeps no page written from a card that a change replaced while it was read (0150)', async () => {
    comments.set(apples, 5);
    await ctx.app.events.publish(CARD_CHANGED, { postId: apples });
    duringLoad = async () => {
      comments.set(apples, 6);
      await ctx.app.events.publish(CARD_CHANGED, { postId: apples });
    };
    // Read as 5, changed to 6 meanwhile: this answer may say 5; the next must not.
    expect(countOf(await list('type=fruit'), apples)).toBe(5);
    expect(duringLoad).toBeNull();
    expect(countOf(await list('type=fruit'), apples)).toBe(6);
  });
});
