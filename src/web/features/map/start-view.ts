import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, type LatLng } from '../../../domain/geo';
import { bboxParam, cellBounds, effectiveZoom, gridLevel, gridOf, type Bbox } from '../../../domain/map';
import type { MapResponse } from '../../../domain/posts';
import type { MapViewport } from './api/get-map';

/** Where the map opens: a centre and zoom, or a box to fit. */
export type MapStart = { center: LatLng; zoom: number } | { bounds: Bbox };

/** The viewer's own area, when the browser shares the location. */
export const NEARBY_ZOOM = 11;

const WORLD: Bbox = { west: -180, south: -90, east: 180, north: 90 };

/**
 * The low-zoom call that finds where the filtered posts are: the whole world at zoom 4, the
 * highest zoom at which the server clusters the world box as asked (docs/decisions/0030), so a
 * cluster's cell is known here.
 */
export const WORLD_VIEWPORT: MapViewport = { bbox: bboxParam(WORLD), zoom: effectiveZoom(WORLD, 4) };

const union = (a: Bbox, b: Bbox): Bbox => ({
  west: Math.min(a.west, b.west),
  south: Math.min(a.south, b.south),
  east: Math.max(a.east, b.east),
  north: Math.max(a.north, b.north),
});

/**
 * The box that holds every post of a world-view answer: a point where it is, a cluster as its whole
 * grid cell (its posts lie in the cell; the point given is their mean, or for a viewer without access
 * the cell's centre, docs/decisions/0031). Null when no post has a place.
 */
export function postsBounds(items: MapResponse['items'], zoom = WORLD_VIEWPORT.zoom): Bbox | null {
  let box: Bbox | null = null;
  for (const item of items) {
    let next: Bbox;
    if (item.kind === 'point') {
      const { latitude: lat, longitude: lng } = item.post;
      if (lat === null || lng === null) continue;
      next = { west: lng, east: lng, south: lat, north: lat };
    } else {
      const { latitude: lat, longitude: lng } = item;
      const cell = gridOf({ west: lng, east: lng, south: lat, north: lat }, zoom);
      next = cellBounds(gridLevel(zoom), cell.x0, cell.y0);
    }
    box = box ? union(box, next) : next;
  }
  return box;
}

/**
 * A second, closer call when the world answer holds clusters: a cluster there stands for a cell
 * 5.6° wide, and fitting that would open a handful of posts in one city at zoom 6-7 on one bubble.
 * The box of the world answer, at the highest zoom up to NEARBY_ZOOM at which the server takes it
 * whole, gives cells of a few kilometres. Null when the world answer is points only.
 */
export function closerLook(world: MapResponse): MapViewport | null {
  if (!world.items.some((item) => item.kind === 'cluster')) return null;
  const box = postsBounds(world.items);
  return box ? { bbox: bboxParam(box), zoom: effectiveZoom(box, NEARBY_ZOOM) } : null;
}

/** An answer for a viewport, to fit the opening view to. */
export interface LookAnswer {
  viewport: MapViewport;
  response: MapResponse;
}

/**
 * The opening view (docs/decisions/0044): the viewer's location when known; otherwise the box of
 * the posts that match the filters, from the closest answer there is; with none (or no answer),
 * spec §9's middle of North America.
 */
export function mapStart(near: LatLng | null, look: LookAnswer | undefined): MapStart {
  if (near) return { center: near, zoom: NEARBY_ZOOM };
  const bounds = look ? postsBounds(look.response.items, look.viewport.zoom) : null;
  return bounds ? { bounds } : { center: MAP_DEFAULT_CENTER, zoom: MAP_DEFAULT_ZOOM };
}
