import type { Actor } from '../../../../domain/actor';
import type { LatLng } from '../../../../domain/geo';
import { cellCentre, effectiveZoom, gridOf, parseBbox, type Grid } from '../../../../domain/map';
import { canSeeExactSpot, canView } from '../../../../domain/policy';
import type { MapQuery, MapResponse } from '../../../../domain/posts';
import { badRequest } from '../../../errors';
import { JsonBody } from '../../../lib/json-body';
import { audienceOf, type Presenter } from '../present';
import type { PostsService } from '../service';
import { cellKey, countCells, layoutOf, type LayoutDeps } from './layout';
import { cluster, point, presentLayout, response, shownIds, type MapItem } from './present';

/** A viewer without viewing access sees clusters no finer than this zoom (docs/decisions/0031). */
export const GATED_MAX_ZOOM = 11;

/** A map view as the route sends it: its JSON, and whether the read model answered it without a query. */
export interface MapAnswer {
  body: JsonBody;
  cached: boolean;
}

/**
 * GET /api/posts/map (docs/decisions/0030, 0031): the posts matching the list's filters whose
 * public point lies in the box (widened to whole grid cells), as clusters of the posts sharing a
 * grid cell and as the posts alone in theirs; at street level, few posts are all shown as posts.
 * Views are kept by the posts read model (docs/decisions/0070).
 */
export function createMapService(deps: { posts: PostsService }) {
  const model = deps.posts.readModel;
  const layoutDeps: LayoutDeps = {
    map: model.map,
    words: model.words,
    coverOf: model.coverOf,
    everywhere: model.list.everywhere,
  };

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

  /** Full access: the kept layout, presented for this actor (owners and admins see exact spots). */
  async function full(actor: Actor, grid: Grid, query: MapQuery, origin: LatLng): Promise<MapAnswer> {
    const key = keyOf(grid, query, origin);
    const since = model.cards.generation();
    let cached = true;
    const layout = await model.layouts.getOrLoad(key, () => {
      cached = false;
      return layoutOf(layoutDeps, grid, query, origin);
    });
    const cards = await model.cards.get(shownIds(layout));
    const byId = new Map(cards.map((c) => [c.row.id, c]));
    const write = (who: Presenter) => () => model.writers.map(presentLayout(layout, byId, who, origin));
    const kept = model.layouts.peek(key)?.value === layout;
    const own = cards.some((c) => canSeeExactSpot(actor, c.row));
    const body =
      kept && !own
        ? model.sharedBody(
            `map|${key}|${origin.lat},${origin.lng}|${audienceOf(actor).signedIn}`,
            cards,
            write(audienceOf(actor)),
            since,
          )
        : new JsonBody(Buffer.from(write(actor)()));
    return { body, cached };
  }

  /**
   * Without viewing access (DECISIONS 7): counts per cell at the cell's centre, and as the only
   * post the free preview (the first of the filtered list), when its point is in the box.
   */
  async function gated(
    actor: Actor,
    grid: Grid,
    query: MapQuery,
    origin: LatLng,
    now: Date,
  ): Promise<MapAnswer> {
    let cached = true;
    const cells = await model.gatedCounts.getOrLoad(keyOf(grid, query, origin), () => {
      cached = false;
      return countCells(layoutDeps, grid, query, origin);
    });
    const [preview] = (await model.list.page(actor, { ...query, limit: 1, cursor: undefined }, origin, now))
      .cards;
    const at = preview ? await model.map.cellOf(preview.row.id, grid.level) : null;
    const inView =
      at !== null && at.cx >= grid.x0 && at.cx <= grid.x1 && at.cy >= grid.y0 && at.cy <= grid.y1;
    // Past the guest's daily previews the post stays in its cluster (a locked post has no place to show).
    const [shown] = inView && preview ? await deps.posts.presentCards(actor, [preview], origin, now) : [];
    const open = shown && !shown.locked ? shown : null;
    const items: MapItem[] = [];
    for (const c of cells) {
      const n = open && cellKey(c) === cellKey(at!) ? c.n - 1 : c.n;
      const centre = cellCentre(grid.level, c.cx, c.cy);
      if (n > 0) items.push(cluster(n, centre.lat, centre.lng));
    }
    if (open) items.push(point(open));
    const view: MapResponse = response(items);
    return { body: new JsonBody(Buffer.from(model.writers.map(view))), cached };
  }

  return {
    async view(actor: Actor, query: MapQuery, now = new Date()): Promise<MapAnswer> {
      const box = parseBbox(query.bbox);
      if ('error' in box) throw badRequest(box.error);
      await deps.posts.throttlePreview(actor, now);
      const origin = deps.posts.originFor(query.near);
      const allowed = canView(actor, now);
      const grid = gridOf(box, effectiveZoom(box, query.zoom, allowed ? undefined : GATED_MAX_ZOOM));
      return allowed ? full(actor, grid, query, origin) : gated(actor, grid, query, origin, now);
    },
  };
}

export type MapService = ReturnType<typeof createMapService>;
