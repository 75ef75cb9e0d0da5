import type { Db } from '../../../db/client';
import type { EventBus } from '../../../events/bus';
import { CARD_CHANGED, MEMBER_CHANGED, POST_CHANGED } from '../../../events/topics';
import { JsonBody } from '../../../lib/json-body';
import { TtlCache } from '../../../lib/ttl-cache';
import type { MapResponse, Post } from '../../../../domain/posts';
import { createCoverCache } from '../circle/cover';
import type { Layout } from '../map/layout';
import { createMapRepository, type CellCount } from '../map/repository';
import { createWordCellsRepository } from '../map/word-cells';
import type { Card } from '../present';
import type { PostsRepository } from '../repository';
import { createTotals } from '../totals/totals';
import { createTotalsRepository } from '../totals/repository';
import { SharedBodies, type BodyContents } from './bodies';
import { createCardStore, type CardPart } from './cards';
import { createListPages } from './list';

/** Writers of the list's and the map's JSON, from their routes' response schemas (lib/serializer.ts). */
export interface BodyWriters {
  list(posts: Post[]): string;
  map(view: MapResponse): string;
}

/** Map views holding at least this many posts are kept (docs/decisions/0030): smaller ones cost little to read again. */
export const MAP_KEEP_FROM = 1000;
const countOf = (cells: readonly CellCount[]) => cells.reduce((total, c) => total + c.n, 0);

/**
 * The posts read model (docs/decisions/0070): every cache of what the lists and the map show, on
 * this instance, and the one place that drops them, on the typed events that the repositories
 * publish after each write (events/topics.ts), from any instance:
 * - POST_CHANGED: a post's place in pages, totals and map views may have changed: all of those
 *   are dropped, with the post's card and the bodies that show it;
 * - CARD_CHANGED: only the post's card and the bodies that show it (a new comment);
 * - MEMBER_CHANGED: the cards of the member's posts and the bodies that show them (a new rating);
 * - a lost bus connection: everything.
 * Pages and views keep post ids; the cards are kept apart, by post.
 */
export function createPostsReadModel(deps: { db: Db; events: EventBus; repo: PostsRepository; writers: BodyWriters }) {
  const map = createMapRepository(deps.db, deps.repo.estimates);
  const coverOf = createCoverCache();
  const cards = createCardStore({ findByIds: deps.repo.findByIds });
  const bodies = new SharedBodies(32 * 1024 * 1024);
  const words = createWordCellsRepository(deps.db);
  const totals = createTotals({ repo: createTotalsRepository(deps.db), map, coverOf });
  const list = createListPages({ repo: deps.repo, cards, totals, words });
  const keep = { ttlMs: 5_000, serveStaleMs: 5_000, maxEntries: 1000 };
  const layouts = new TtlCache<Layout>({ ...keep, keep: (l) => countOf(l.cells) >= MAP_KEEP_FROM });
  const gatedCounts = new TtlCache<CellCount[]>({ ...keep, keep: (cells) => countOf(cells) >= MAP_KEEP_FROM });

  function dropViews(): void {
    list.clear();
    totals.clear();
    layouts.clear();
    gatedCounts.clear();
    bodies.clear();
  }
  /** Goes up when a post, or which posts are listed, may have changed, here or on another instance. */
  let listedChanges = 0;
  deps.events.subscribe(POST_CHANGED, ({ id }) => {
    listedChanges += 1;
    dropViews();
    if (id) cards.forget(id);
    else cards.clear();
  });
  deps.events.subscribe(CARD_CHANGED, ({ postId }) => {
    cards.forget(postId);
    bodies.forgetPost(postId);
  });
  deps.events.subscribe(MEMBER_CHANGED, ({ userId }) => {
    cards.forgetOwner(userId);
    bodies.forgetOwner(userId);
  });
  deps.events.onResync(() => {
    listedChanges += 1;
    dropViews();
    cards.clear();
  });

  return {
    map,
    /** The counts kept per word and map cell (docs/decisions/0095). */
    words,
    coverOf,
    cards,
    totals,
    list,
    layouts,
    gatedCounts,

    /**
     * A count that goes up with every change of a post or of which posts are listed (POST_CHANGED:
     * shared, edited, given away, deleted, hidden, an owner suspended), not with a card's other
     * parts (a comment, a rating, a badge): what the home page's figures are kept against
     * (docs/decisions/0127).
     */
    listedChanges: () => listedChanges,

    /** Adds what another area shows on every card (docs/decisions/0070). */
    addCardPart(part: CardPart): void {
      cards.addPart(part);
      bodies.clear();
    },

    /**
     * The body of a kept page or view as everyone sees it who manages none of its posts. Kept only
     * when no card has changed since `since` (cards.generation(), taken before the request read
     * its page): written from a card a change has since replaced (a post hidden, a comment
     * counted), it would be served until the next change (0150).
     */
    sharedBody(key: string, shown: readonly Card[], make: () => string, since: number): JsonBody {
      if (since !== cards.generation()) return new JsonBody(Buffer.from(make()));
      const contents: BodyContents = { postIds: shown.map((c) => c.row.id), ownerIds: shown.map((c) => c.row.userId) };
      return bodies.get(key, contents, make);
    },

    writers: deps.writers,

    /** How often each cache answered, for the benchmark and the logs. */
    stats() {
      return { cards: { ...cards.counts }, bodies: { hits: bodies.hits, misses: bodies.misses, bytes: bodies.size } };
    },
  };
}

export type PostsReadModel = ReturnType<typeof createPostsReadModel>;
