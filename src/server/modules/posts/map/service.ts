import type { FastifyRequest } from 'fastify';
import type { LatLng } from '../../../../domain/geo';
import {
  MAP_POINT_LIMIT,
  cellCentre,
  effectiveZoom,
  gridOf,
  parseBbox,
  type Grid,
} from '../../../../domain/map';
import type { MapQuery, MapResponse } from '../../../../domain/posts';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../errors';
import { createPostsRepository } from '../repository';
import type { PostsService } from '../service';
import type { ViewerInfo } from '../viewer';
import type { JsonBody } from '../../../lib/json-body';
import { TtlCache } from '../../../lib/ttl-cache';
import { sharedBodies } from '../shared-bodies';
import { cellKey, countCells, countOf, layoutOf, type Layout, type LayoutDeps } from './layout';
import { cluster, layoutJson, point, response, type MapItem } from './present';
import { createMapRepository, type CellCount } from './repository';

/** A viewer without viewing access sees clusters no finer than this zoom (docs/decisions/0031). */
export const GATED_MAX_ZOOM = 11;
/** Views holding at least this many posts are kept for CACHE_TTL_MS (docs/decisions/0030). */
const CACHE_FROM = 2 * MAP_POINT_LIMIT;
const kept = (cells: readonly CellCount[]) => countOf(cells) >= CACHE_FROM;
const CACHE_TTL_MS = 5_000;

/**
 * GET /api/posts/map (docs/decisions/0030, 0031): the posts matching the list's filters whose
 * public point lies in the box (widened to whole grid cells), as clusters of the posts sharing a
 * grid cell and as the posts alone in theirs; at street level, few posts are all shown as posts.
 */
export function createMapService(deps: { db: Db; posts: PostsService }) {
  const layoutDeps: LayoutDeps = { map: createMapRepository(deps.db), posts: createPostsRepository(deps.db) };
  // Cleared with the posts' caches on every post write on any instance (docs/decisions/0050).
  const layouts = deps.posts.caches.track(
    new TtlCache<Layout>({ ttlMs: CACHE_TTL_MS, serveStaleMs: CACHE_TTL_MS, maxEntries: 500, keep: (l) => kept(l.cells) }),
  );
  const counts = deps.posts.caches.track(
    new TtlCache<CellCount[]>({ ttlMs: CACHE_TTL_MS, serveStaleMs: CACHE_TTL_MS, maxEntries: 500, keep: kept }),
  );

  function keyOf(grid: Grid, query: MapQuery, origin: LatLng): string {
    const from = query.distance === 'all' ? null : [origin.lat, origin.lng];
    return JSON.stringify([
      grid,
      query.type,
      query.q?.toLowerCase(),
      query.status,
      query.amount,
      query.region,
      query.distance,
      from,
    ]);
  }

  /** Full access: the cached layout, presented for this viewer (owners and admins see exact spots). */
  async function full(viewer: ViewerInfo, grid: Grid, query: MapQuery, origin: LatLng): Promise<JsonBody> {
    const layout = await layouts.getOrLoad(keyOf(grid, query, origin), () =>
      layoutOf(layoutDeps, grid, query, origin),
    );
    // Only a cached layout is met again: its body is shared; any other is written for this viewer.
    const source = kept(layout.cells) ? layout : null;
    return sharedBodies.get(source, layout.rows.values(), viewer, origin, (who) => layoutJson(layout, who, origin));
  }

  /**
   * Without viewing access (DECISIONS 7): counts per cell at the cell's centre, and as the only
   * post the free preview (the first of the filtered list), when its point is in the box.
   */
  async function gated(
    viewer: ViewerInfo,
    grid: Grid,
    query: MapQuery,
    origin: LatLng,
  ): Promise<MapResponse> {
    const cells = await counts.getOrLoad(keyOf(grid, query, origin), () =>
      countCells(layoutDeps, grid, query, origin),
    );
    const [preview] = (await deps.posts.page(viewer, { ...query, limit: 1, cursor: undefined })).posts;
    const at = preview ? await layoutDeps.map.cellOf(preview.id, grid.level) : null;
    const inView =
      at !== null && at.cx >= grid.x0 && at.cx <= grid.x1 && at.cy >= grid.y0 && at.cy <= grid.y1;
    const items: MapItem[] = [];
    for (const c of cells) {
      const n = inView && cellKey(c) === cellKey(at) ? c.n - 1 : c.n;
      const centre = cellCentre(grid.level, c.cx, c.cy);
      if (n > 0) items.push(cluster(n, centre.lat, centre.lng));
    }
    if (inView && preview) items.push(point(preview));
    return response(items);
  }

  return {
    /** The full view as JSON bytes (map/present.ts), the gated one as an object. */
    async view(request: FastifyRequest, query: MapQuery): Promise<MapResponse | JsonBody> {
      const box = parseBbox(query.bbox);
      if ('error' in box) throw badRequest(box.error);
      const viewer = deps.posts.viewerOf(request);
      deps.posts.throttlePreview(request, viewer);
      const origin = deps.posts.originFor(query.near);
      const grid = gridOf(box, effectiveZoom(box, query.zoom, viewer.canView ? undefined : GATED_MAX_ZOOM));
      return viewer.canView ? full(viewer, grid, query, origin) : gated(viewer, grid, query, origin);
    },
  };
}

export type MapService = ReturnType<typeof createMapService>;
