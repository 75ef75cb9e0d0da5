import { z } from 'zod';
import type { Actor } from '../../../domain/actor';
import type { LatLng } from '../../../domain/geo';
import { isUuid } from '../../../domain/ids';
import { actsAsSelf, canEditPost, canManagePost, canPost, canSeeExactSpot, type PostingMode } from '../../../domain/policy';
import { CreatePostInput, PostFields, PostType, initialsOf, type ListPostsQuery, type Post, type UpdateStatusInput } from '../../../domain/posts';
import type { Db, Tx } from '../../db/client';
import { assertAllowed, forbidden, notFound } from '../../errors';
import type { EventBus } from '../../events/bus';
import { POST_CHANGED } from '../../events/topics';
import type { GuestAdopter } from '../auth/service';
import { JsonBody } from '../../lib/json-body';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { Storage } from '../../storage/storage';
import { deleteImages, IMAGE_FOLDER, storeImage, sweepUnnamedFiles, type StoredImage } from '../images/service';
import { isListed, originOf } from './filters';
import { createPostModeration } from './moderation';
import { createPostLimits } from './limits';
import { audienceOf, toLockedPost, toPost, type Card, type Presenter, type PostRow } from './present';
import { createPostFigures } from './figures';
import { createPreviewBudget, onPreviewBudget } from './preview-budget';
import { createPostsReadModel, type BodyWriters } from './read-model/index';
import type { CardPart } from './read-model/cards';
import { createPostsRepository, type NewPostRow } from './repository';
import { imageColumns, placeOf, textOf } from './row-values';
import type { Total } from './totals/totals';

export const POST_MESSAGES = {
  notFound: 'Post not found.',
  locked: "You have seen today's free previews. Get access to see this post.",
} as const;

export type { Card, CardPart };
export type { ModeratedPost } from './moderation';

/** The edit form: the whole post form again (omitted optional fields are cleared), plus removeImage. */
export const EditPostInput = z.intersection(
  PostFields,
  z.object({
    type: PostType.optional(),
    removeImage: z.preprocess((v) => v === true || v === 'true', z.boolean()).default(false),
  }),
);
type EditPostInput = z.infer<typeof EditPostInput>;

/** A post form as the route read it (multipart fields and the image file, or a JSON object). */
export interface PostForm {
  fields: Record<string, unknown>;
  image: Buffer | null;
}

/** Reads the post form, once the service has checked the actor may send it (no image is read for a refused write). */
export type ReadForm = () => Promise<PostForm>;

/** A form field as text, when it is one (a payload id may come as a form field or JSON). */
const textField = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A page of the list as the route sends it. */
export interface ListAnswer {
  body: JsonBody;
  total: Total;
  nextCursor: string | null;
  /** Answered from the read model without a query. */
  cached: boolean;
}

export interface PostsServiceDeps {
  db: Db;
  events: EventBus;
  storage: Storage;
  limiter: RateLimiter;
  defaultOrigin: LatLng;
  postingMode: PostingMode;
  writers: BodyWriters;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Posts (spec §7): the rules of every post call, for an actor, whoever calls (a route, a script, a socket). */
export function createPostsService(deps: PostsServiceDeps) {
  const repo = createPostsRepository(deps.db, deps.events);
  const readModel = createPostsReadModel({ db: deps.db, events: deps.events, repo, writers: deps.writers });
  const moderation = createPostModeration(deps.db, deps.events);
  const originFor = (near?: string) => originOf({ near }, deps.defaultOrigin);
  const limits = createPostLimits(deps.limiter);
  const budget = createPreviewBudget(deps.db);
  /** The card of a row just written, for its writer; `since`, taken before the write, keeps no card of a write another came after. */
  const presentRow = async (row: PostRow, actor: Actor, since: number): Promise<Post> => {
    const [card] = await readModel.cards.fromRows([row], since);
    return toPost(card!, actor, originFor());
  };

  /** A post hidden by reports, removed or of a suspended owner (issue 19) is shown to its owner and admins only. */
  const shown = (actor: Actor, card: Card) => isListed(card.row) || canManagePost(actor, card.row).ok;

  /**
   * Cards as `actor` sees them from `origin`. A guest without full access sees each post in full
   * within the daily preview budget (DECISIONS 29) and locked past it; their own posts are theirs.
   */
  async function presentCards(
    actor: Actor,
    cards: readonly Card[],
    origin: LatLng,
    now: Date,
    opts: { throttle?: boolean } = {},
  ): Promise<Post[]> {
    const counted = cards.filter((c) => !canSeeExactSpot(actor, c.row)).map((c) => c.row.id);
    // With `throttle`, the preview throttle's hit and the budget in one statement.
    const admitted = opts.throttle
      ? await budget.admitWithHit(actor, counted, now, limits.previewHit(actor))
      : await budget.admit(actor, counted, now);
    return cards.map((c) => (admitted.has(c.row.id) || !counted.includes(c.row.id) ? toPost(c, actor, origin) : toLockedPost(c)));
  }

  /**
   * The row, when the actor may change it (DECISIONS 2; `edit`: what it says or its status, which a
   * suspended owner may not), counted against their limit of changes: 404 when absent; 401 or 403
   * from the policy; 429 over the limit.
   */
  async function managed(actor: Actor, id: string, edit: boolean): Promise<PostRow> {
    const row = isUuid(id) ? await repo.findById(id) : undefined;
    if (!row) throw notFound(POST_MESSAGES.notFound);
    assertAllowed(edit ? canEditPost(actor, row, new Date()) : canManagePost(actor, row));
    await limits.change(actor);
    return row;
  }

  /** Runs `write` with the stored image; if it fails, the image files are removed again. */
  async function withImage<T>(bytes: Buffer | null, write: (image: StoredImage | null) => Promise<T>): Promise<T> {
    const image = bytes ? await storeImage(deps.storage, bytes) : null;
    try {
      return await write(image);
    } catch (err) {
      await deleteImages(deps.storage, image?.keys, deps.log);
      throw err;
    }
  }

  /** What other areas do once a post is shared (a referral's tier); their failure never fails the post. */
  const onCreated: Array<(row: PostRow) => Promise<void>> = [];

  return {
    readModel,
    originFor,

    /** Runs `listener` after each post is shared, on the instance that took it. */
    afterCreate(listener: (row: PostRow) => Promise<void>): void {
      onCreated.push(listener);
    },

    ...createPostFigures(repo, readModel),

    /** Which of these members have a post up: shared, not hidden by reports, not deleted. */
    withPostsUp: (userIds: readonly string[]) => repo.withPostsUp(userIds),
    /** Counts a list or map call of an actor without full access (429 over the limit); free for everyone else. */
    throttlePreview: limits.preview,

    /** Adds what another area shows on every card (a comment count, the owner's rating). */
    addCardPart(part: CardPart): void {
      readModel.addCardPart(part);
    },

    /**
     * GET /api/posts: one page behind the viewing gate (DECISIONS 7), as JSON. A kept page's body
     * is shared by everyone who manages none of its posts (read-model/bodies.ts).
     */
    async list(actor: Actor, query: ListPostsQuery, now = new Date()): Promise<ListAnswer> {
      const origin = originFor(query.near);
      const since = readModel.cards.generation();
      const budgeted = onPreviewBudget(actor, now);
      // A guest's kept page: the preview throttle and the budget in one statement (one round trip
      // where each guest call made two). The throttle still comes first wherever a page is read.
      const kept = budgeted ? readModel.list.kept(actor, query, origin, now) : null;
      if (!kept) await limits.preview(actor, now);
      const page = kept ?? (await readModel.list.page(actor, query, origin, now));
      const answer = { total: page.total, nextCursor: page.nextCursor, cached: page.cached };
      if (budgeted) {
        const shown = await presentCards(actor, page.cards, origin, now, { throttle: kept !== null });
        return { ...answer, body: new JsonBody(Buffer.from(deps.writers.list(shown))) };
      }
      const write = (who: Presenter) => () => deps.writers.list(page.cards.map((c) => toPost(c, who, origin)));
      const own = page.cards.some((c) => canSeeExactSpot(actor, c.row));
      const body =
        page.pageKey && !own
          ? readModel.sharedBody(`list|${page.pageKey}|${origin.lat},${origin.lng}|${audienceOf(actor).signedIn}`, page.cards, write(audienceOf(actor)), since)
          : new JsonBody(Buffer.from(write(actor)()));
      return { ...answer, body };
    },

    /** Cards as the actor sees them, a guest's within the daily preview budget. */
    presentCards,

    /** One post, to anyone (shared links, spec §9), a guest's within the daily preview budget. */
    async get(actor: Actor, id: string, near?: string, now = new Date()): Promise<Post> {
      const [found] = isUuid(id) ? await readModel.cards.get([id]) : [];
      if (!found || !shown(actor, found)) throw notFound(POST_MESSAGES.notFound);
      const [post] = await presentCards(actor, [found], originFor(near), now);
      return post!;
    },

    /** Posts by id, presented for the actor, in the order of `ids` (absent ones left out). */
    async present(actor: Actor, ids: readonly string[], near?: string): Promise<Post[]> {
      const origin = originFor(near);
      return (await readModel.cards.get(ids)).filter((c) => shown(actor, c)).map((c) => toPost(c, actor, origin));
    },

    /** The post unless it is absent, or out of lists (hidden, removed, suspended) for this actor (404), whatever the preview budget. */
    async visible(actor: Actor, id: string): Promise<Card> {
      const [found] = isUuid(id) ? await readModel.cards.get([id]) : [];
      if (!found || !shown(actor, found)) throw notFound(POST_MESSAGES.notFound);
      return found;
    },

    /**
     * The post when the actor may read it in full (its comments, a message about it): 404 when it
     * is absent or hidden by reports, 403 past a guest's daily previews.
     */
    async readable(actor: Actor, id: string, now = new Date()): Promise<Card> {
      const found = await this.visible(actor, id);
      const [post] = await presentCards(actor, [found], originFor(), now);
      if (post!.locked) throw forbidden(POST_MESSAGES.locked);
      return found;
    },

    /** Hiding by reports, an admin's removal or restoring, a suspended owner's posts (issue 19). */
    ...moderation,

    /**
     * Closing an account (DECISIONS 17): deletes the member's posts in `tx`; what it answers, once
     * committed, tells every instance and deletes their photos.
     */
    async removeAllOf(tx: Tx, userId: string): Promise<() => Promise<void>> {
      const { imageKeys, announce } = await moderation.deleteOwnerPosts(tx, userId);
      return async () => {
        await announce();
        await deleteImages(deps.storage, imageKeys, deps.log);
      };
    },

    /** A guest's posts move to the account they sign in to (DECISIONS 5); their cards are read again after. */
    adoptGuest: (async (tx, sessionId, userId) => {
      const ids = await repo.adopt(tx, sessionId, userId);
      if (ids.length === 0) return;
      return async () => {
        for (const id of ids) await deps.events.publish(POST_CHANGED, { id });
      };
    }) satisfies GuestAdopter,

    /** Forgets the preview budget's days before yesterday. */
    sweepPreviews: () => budget.sweep(),
    /** Removes the stored photo files no post names, written over a day before `now` (docs/decisions/0119). */
    sweepUnnamedPhotos: (now?: Date) =>
      sweepUnnamedFiles({ storage: deps.storage, folder: IMAGE_FOLDER, named: repo.namedImageKeys, log: deps.log }, now),

    async create(actor: Actor, readForm: ReadForm, now = new Date()): Promise<Post> {
      assertAllowed(canPost(actor, now, deps.postingMode));
      await limits.create(actor);
      const form = await readForm();
      assertAllowed(actsAsSelf(actor, textField(form.fields.userId)));
      const input = CreatePostInput.parse(form.fields);
      const ownerName = input.ownerName ?? actor.member?.username ?? null;
      const ownerInitials = input.ownerInitials ?? (ownerName ? initialsOf(ownerName) || null : null);
      const values = (image: StoredImage | null) =>
        ({
          userId: actor.userId,
          ownerSessionId: actor.userId ? null : actor.sessionId,
          type: input.type,
          status: 'available',
          ...textOf(input, ownerName, ownerInitials),
          ...placeOf(input),
          ...imageColumns(image),
        }) satisfies NewPostRow;
      const since = readModel.cards.generation();
      // The member's suspension is judged again as the post is written: one that lands meanwhile refuses it or takes it out of lists.
      const row = await withImage(form.image, (image) =>
        repo.insert(values(image), (suspension) => assertAllowed(canPost({ ...actor, suspension }, now, deps.postingMode))),
      );
      for (const listener of onCreated) await listener(row).catch((err: unknown) => deps.log?.warn({ err, postId: row.id }, 'a step after sharing a post failed'));
      return presentRow(row, actor, since);
    },

    async update(actor: Actor, id: string, readForm: ReadForm): Promise<Post> {
      const row = await managed(actor, id, true);
      const form = await readForm();
      assertAllowed(actsAsSelf(actor, textField(form.fields.userId)));
      const input: EditPostInput = EditPostInput.parse(form.fields);
      const ownerName = input.ownerName ?? row.ownerName;
      const ownerInitials = input.ownerInitials ?? (input.ownerName ? initialsOf(input.ownerName) || null : row.ownerInitials);
      const replacesImage = form.image !== null || input.removeImage;
      const values = { type: input.type ?? row.type, ...textOf(input, ownerName, ownerInitials), ...placeOf(input, row) };
      const since = readModel.cards.generation();
      // The files removed are those this write replaced, read as it wrote: a replacement at the same moment may have come between.
      const { row: updated, replaced } = await withImage(form.image, async (image) => {
        const result = replacesImage
          ? await repo.updateImage(row.id, { ...values, ...imageColumns(image) })
          : await repo.update(row.id, values).then((r) => r && { row: r, replaced: [] });
        if (!result) throw notFound(POST_MESSAGES.notFound);
        return result;
      });
      await deleteImages(deps.storage, replaced, deps.log);
      return presentRow(updated, actor, since);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const row = await managed(actor, id, false);
      const deleted = await repo.delete(row.id);
      if (!deleted) throw notFound(POST_MESSAGES.notFound);
      await deleteImages(deps.storage, deleted.imageKeys, deps.log);
    },

    async updateStatus(actor: Actor, id: string, input: UpdateStatusInput): Promise<Post> {
      const row = await managed(actor, id, true);
      const since = readModel.cards.generation();
      const updated = await repo.update(row.id, { status: input.status, statusNotes: input.statusNotes });
      if (!updated) throw notFound(POST_MESSAGES.notFound);
      return presentRow(updated, actor, since);
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
