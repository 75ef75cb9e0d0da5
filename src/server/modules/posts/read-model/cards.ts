import { TtlCache } from '../../../lib/ttl-cache';
import { NO_EXTRAS, type Card, type CardExtras, type PostRow } from '../present';

/**
 * Something another area shows on a post's card (its comment count, its owner's rating): given the
 * rows of the cards being made, its values by post id. An area that adds a part publishes
 * CARD_CHANGED or MEMBER_CHANGED when one of its values changes (docs/decisions/0070).
 */
export interface CardPart {
  load(rows: readonly PostRow[]): Promise<Map<string, Partial<CardExtras>>>;
}

/**
 * The cards of posts by id (docs/decisions/0070), kept for `ttlMs` and dropped by post or owner as
 * events say they changed: a page or map view holds only ids, so a new comment makes one card be
 * read again, not every page that shows it.
 */
export function createCardStore(deps: { findByIds(ids: readonly string[]): Promise<PostRow[]>; ttlMs?: number; maxEntries?: number }) {
  const cache = new TtlCache<Card>({ ttlMs: deps.ttlMs ?? 10_000, maxEntries: deps.maxEntries ?? 20_000 });
  const parts: CardPart[] = [];
  /** Bumped by every drop, so cards made from rows read before it are not kept. */
  let generation = 0;
  const counts = { hits: 0, misses: 0 };

  async function cardsOf(rows: readonly PostRow[]): Promise<Card[]> {
    const loaded = await Promise.all(parts.map((part) => part.load(rows)));
    return rows.map((row) => ({ row, extras: Object.assign({}, NO_EXTRAS, ...loaded.map((values) => values.get(row.id))) }));
  }

  function keep(cards: readonly Card[], since: number): void {
    if (since === generation) for (const card of cards) cache.set(card.row.id, card);
  }

  return {
    counts,

    /** Adds what another area shows on every card. */
    addPart(part: CardPart): void {
      parts.push(part);
      this.clear();
    },

    /** The generation to pass to fromRows, taken before the rows are read. */
    generation: () => generation,

    /** The cards of posts by id, in the order asked; absent posts are left out. */
    async get(ids: readonly string[]): Promise<Card[]> {
      const found = new Map<string, Card>();
      const missing: string[] = [];
      for (const id of ids) {
        const card = cache.get(id);
        if (card) found.set(id, card);
        else missing.push(id);
      }
      counts.hits += found.size;
      counts.misses += missing.length;
      if (missing.length > 0) {
        const since = generation;
        const cards = await cardsOf(await deps.findByIds(missing));
        keep(cards, since);
        for (const card of cards) found.set(card.row.id, card);
      }
      return ids.flatMap((id) => found.get(id) ?? []);
    },

    /** The cards of posts by id when every one is kept, in the order asked; else null (no query). */
    kept(ids: readonly string[]): Card[] | null {
      const cards: Card[] = [];
      for (const id of ids) {
        const card = cache.get(id);
        if (!card) return null;
        cards.push(card);
      }
      counts.hits += cards.length;
      return cards;
    },

    /** Cards for rows a page query read (after `since`): the kept ones where there are, the others made from the rows. */
    async fromRows(rows: readonly PostRow[], since: number): Promise<Card[]> {
      const kept = new Map<string, Card>();
      for (const row of rows) {
        const card = cache.get(row.id);
        if (card) kept.set(row.id, card);
      }
      const made = await cardsOf(rows.filter((row) => !kept.has(row.id)));
      keep(made, since);
      const byId = new Map([...kept, ...made.map((card) => [card.row.id, card] as const)]);
      return rows.map((row) => byId.get(row.id)!);
    },

    forget(postId: string): void {
      generation += 1;
      cache.delete(postId);
    },

    forgetOwner(userId: string): void {
      generation += 1;
      cache.deleteWhere((card) => card.row.userId === userId);
    },

    clear(): void {
      generation += 1;
      cache.clear();
    },
  };
}

export type CardStore = ReturnType<typeof createCardStore>;
