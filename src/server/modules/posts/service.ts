import type { FastifyRequest } from 'fastify';
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { publicPointOf, type LatLng } from '../../../domain/geo';
import {
  CreatePostInput,
  PostFields,
  PostType,
  initialsOf,
  regionFor,
  type ListPostsQuery,
  type Post,
  type UpdateStatusInput,
} from '../../../domain/posts';
import type { Db } from '../../db/client';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { EventBus } from '../../events/bus';
import { forbidden, notFound, unauthenticated } from '../../errors';
import type { Storage } from '../../storage/storage';
import type { AccessService } from '../access/service';
import { deleteImages, storeImage, type StoredImage } from '../images/store';
import { createPostsCaches } from './caches';
import { originOf } from './filters';
import { createPostLimits } from './limits';
import { createPostsList } from './list';
import { createTotalsRepository } from './totals/repository';
import { createTotals } from './totals/totals';
import { readPostForm } from './form';
import { canManage, toPost, type PostRow } from './present';
import { postsJson } from './present-json';
import { sharedBodies } from './shared-bodies';
import type { JsonBody } from '../../lib/json-body';
import { createPostsRepository, type NewPostRow } from './repository';
import { createViewerResolver, type ViewerInfo } from './viewer';
import { isUuid } from '../../../domain/ids';

export const POST_MESSAGES = {
  notFound: 'Post not found.',
  notManager: 'Only the owner or an admin can change this post.',
  signInToChange: 'Please sign in to change this post.',
  signInToPost: 'Please sign in or get posting access to share a post.',
  noPostingAccess: 'Your access has ended. Please get a pass to share a post.',
} as const;

/** The edit form: the whole post form again (omitted optional fields are cleared), plus removeImage. */
export const EditPostInput = z.intersection(
  PostFields,
  z.object({
    type: PostType.optional(),
    removeImage: z.preprocess((v) => v === true || v === 'true', z.boolean()).default(false),
  }),
);
type EditPostInput = z.infer<typeof EditPostInput>;


/** Uniform in [0, 1) from the OS's random source: the public offset must not be predictable. */
const secureRandom = () => randomInt(2 ** 47) / 2 ** 47;

export interface PostsPage {
  posts: Post[];
  /** The filtered total (X-Total-Count), also for gated viewers (docs/decisions/0022). */
  total: number;
  /** More than `total` match: a big search not yet counted in full (X-Total-Count-Capped). */
  totalCapped: boolean;
  nextCursor: string | null;
}

export interface PostsServiceDeps {
  db: Db;
  access: AccessService;
  events: EventBus;
  storage: Storage;
  limiter: RateLimiter;
  defaultOrigin: LatLng;
  log?: { warn(obj: object, msg: string): void };
}

export function createPostsService(deps: PostsServiceDeps) {
  const repo = createPostsRepository(deps.db);
  const viewerOf = createViewerResolver(deps);
  // docs/decisions/0022 and 0050: cleared on every post write on every instance.
  const caches = createPostsCaches(deps.events, deps.log);
  const totalOf = createTotals({ repo: createTotalsRepository(deps.db), caches, log: deps.log });
  const rowsPage = createPostsList({ repo, caches, totalOf });
  const originFor = (near?: string) => originOf({ near }, deps.defaultOrigin);
  const limits = createPostLimits(deps.limiter);

  /**
   * The row, when the viewer may change it, counted against their limit of changes: 404 when
   * absent; else 401 for a caller who is not signed in (a guest session still manages its own
   * post), 403 for a member who is neither owner nor admin; 429 over the limit.
   */
  async function managed(request: FastifyRequest, id: string): Promise<{ row: PostRow; viewer: ViewerInfo }> {
    const row = isUuid(id) ? await repo.findById(id) : undefined;
    if (!row) throw notFound(POST_MESSAGES.notFound);
    const viewer = viewerOf(request);
    if (!canManage(row, viewer)) throw viewer.userId ? forbidden(POST_MESSAGES.notManager) : unauthenticated(POST_MESSAGES.signInToChange);
    await limits.change(request, viewer);
    return { row, viewer };
  }

  /** Exact and public point; the public one is kept while the spot and the exact choice stay the same. */
  function placeOf(input: { latitude?: number; longitude?: number; exactLocation: boolean }, previous?: PostRow) {
    if (input.latitude === undefined || input.longitude === undefined) {
      return { latitude: null, longitude: null, publicLatitude: null, publicLongitude: null };
    }
    const exact = { lat: input.latitude, lng: input.longitude };
    const same =
      previous?.latitude === exact.lat &&
      previous.longitude === exact.lng &&
      previous.exactLocation === input.exactLocation &&
      previous.publicLatitude !== null &&
      previous.publicLongitude !== null;
    const pub = same ? { lat: previous.publicLatitude!, lng: previous.publicLongitude! } : publicPointOf(exact, input.exactLocation, secureRandom);
    return { latitude: exact.lat, longitude: exact.lng, publicLatitude: pub.lat, publicLongitude: pub.lng };
  }

  function textOf(input: PostFields, ownerName: string | null, ownerInitials: string | null) {
    return {
      title: input.title,
      description: input.description,
      address: input.address,
      contact: input.contact ?? null,
      phoneNumber: input.phoneNumber ?? null,
      ownerName,
      ownerInitials,
      zipCode: input.zipCode ?? null,
      quantity: input.quantity ?? null,
      seasonalNotes: input.seasonalNotes ?? null,
      // DECISIONS 13: filled in from the coordinates when the poster leaves it empty.
      region: input.region ?? (input.latitude !== undefined && input.longitude !== undefined ? regionFor(input.latitude, input.longitude) : null),
      exactLocation: input.exactLocation,
    };
  }

  const imageColumns = (image: StoredImage | null) => ({
    imageUrl: image?.imageUrl ?? null,
    thumbnailUrl: image?.thumbnailUrl ?? null,
    imageKeys: image?.keys ?? null,
  });

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

  /** One page for a viewer, behind the viewing gate (DECISIONS 7). The map reuses it. */
  async function page(viewer: ViewerInfo, query: ListPostsQuery): Promise<PostsPage> {
    const { rows, origin, total, totalCapped, nextCursor } = await rowsPage(viewer, query, originFor(query.near));
    return { posts: rows.map((row) => toPost(row, viewer, origin)), total, totalCapped, nextCursor };
  }

  return {
    viewerOf,
    originFor,
    page,
    caches,
    /** Counts a list or map call of a viewer without full access (429 over the limit); free for everyone else. */
    throttlePreview: limits.preview,

    /** GET /api/posts: the page as JSON bytes (present-json.ts), with its headers' values. */
    async list(request: FastifyRequest, query: ListPostsQuery): Promise<Omit<PostsPage, 'posts'> & { body: JsonBody }> {
      const viewer = viewerOf(request);
      limits.preview(request, viewer);
      const { rows, origin, source, ...rest } = await rowsPage(viewer, query, originFor(query.near));
      // A first page from the cache has one body for every viewer who owns none of its posts.
      return { body: sharedBodies.get(source, rows, viewer, origin, (who) => postsJson(rows, who, origin)), ...rest };
    },

    /** One post, to anyone (shared links, spec §9). */
    async get(request: FastifyRequest, id: string, near?: string): Promise<Post> {
      const row = isUuid(id) ? await repo.findById(id) : undefined;
      if (!row) throw notFound(POST_MESSAGES.notFound);
      return toPost(row, viewerOf(request), originFor(near));
    },

    /** Whether the viewer may post now (DECISIONS 8), else the 401/403 to answer. */
    assertCanPost(request: FastifyRequest): ViewerInfo {
      const viewer = viewerOf(request);
      if (deps.access.canPost(request.caller)) return viewer;
      throw viewer.userId ? forbidden(POST_MESSAGES.noPostingAccess) : unauthenticated(POST_MESSAGES.signInToPost);
    },

    async create(request: FastifyRequest): Promise<Post> {
      const viewer = this.assertCanPost(request);
      await limits.create(request, viewer);
      const form = await readPostForm(request);
      const input = CreatePostInput.parse(form.fields);
      const ownerName = input.ownerName ?? viewer.username;
      const ownerInitials = input.ownerInitials ?? (ownerName ? initialsOf(ownerName) || null : null);
      const row = await withImage(form.image, (image) =>
        repo.insert({
          userId: viewer.userId,
          ownerSessionId: viewer.userId ? null : viewer.sessionId,
          type: input.type,
          status: 'available',
          ...textOf(input, ownerName, ownerInitials),
          ...placeOf(input),
          ...imageColumns(image),
        } satisfies NewPostRow),
      );
      await caches.changed(row.id);
      return toPost(row, viewer, originFor());
    },

    async update(request: FastifyRequest, id: string): Promise<Post> {
      const { row, viewer } = await managed(request, id);
      const form = await readPostForm(request);
      const input: EditPostInput = EditPostInput.parse(form.fields);
      const ownerName = input.ownerName ?? row.ownerName;
      const ownerInitials = input.ownerInitials ?? (input.ownerName ? initialsOf(input.ownerName) || null : row.ownerInitials);
      const replacesImage = form.image !== null || input.removeImage;
      const updated = await withImage(form.image, async (image) => {
        const result = await repo.update(row.id, {
          type: input.type ?? row.type,
          ...textOf(input, ownerName, ownerInitials),
          ...placeOf(input, row),
          ...(replacesImage ? imageColumns(image) : {}),
        });
        if (!result) throw notFound(POST_MESSAGES.notFound);
        return result;
      });
      await caches.changed(updated.id);
      if (replacesImage) await deleteImages(deps.storage, row.imageKeys, deps.log);
      return toPost(updated, viewer, originFor());
    },

    async remove(request: FastifyRequest, id: string): Promise<void> {
      const { row } = await managed(request, id);
      const deleted = await repo.delete(row.id);
      if (!deleted) throw notFound(POST_MESSAGES.notFound);
      await caches.changed(deleted.id);
      await deleteImages(deps.storage, deleted.imageKeys, deps.log);
    },

    async updateStatus(request: FastifyRequest, id: string, input: UpdateStatusInput): Promise<Post> {
      const { row, viewer } = await managed(request, id);
      const updated = await repo.update(row.id, { status: input.status, statusNotes: input.statusNotes });
      if (!updated) throw notFound(POST_MESSAGES.notFound);
      await caches.changed(updated.id);
      return toPost(updated, viewer, originFor());
    },

    /** Posts by id, presented for the viewer, in the order of `ids` (absent ones skipped). */
    async present(viewer: ViewerInfo, ids: readonly string[], near?: string): Promise<Post[]> {
      const origin = originFor(near);
      const byId = new Map((await repo.findByIds(ids)).map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toPost(row, viewer, origin)] : [];
      });
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
