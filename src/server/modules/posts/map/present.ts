import type { LatLng } from '../../../../domain/geo';
import type { MapResponse, Post } from '../../../../domain/posts';
import { toPost, type Card, type Presenter } from '../present';
import { cellKey, type Layout } from './layout';

export type MapItem = MapResponse['items'][number];

const round = (v: number) => Math.round(v * 1e5) / 1e5;
export const cluster = (count: number, lat: number, lng: number): MapItem => ({
  kind: 'cluster',
  count,
  latitude: round(lat),
  longitude: round(lng),
});
export const point = (post: Post): MapItem => ({ kind: 'point', post });
/** `total` is always the sum of the items, so no marker can be dropped. */
export const response = (items: MapItem[], estimated = false): MapResponse => ({
  total: items.reduce((total, item) => total + (item.kind === 'cluster' ? item.count : 1), 0),
  estimated,
  items,
});

/** The ids of the posts a layout shows one by one. */
export const shownIds = (layout: Layout): string[] =>
  layout.allPoints ? layout.pointIds : [...layout.single.values()];

/**
 * A layout as `actor` sees it: clusters, and the posts shown one by one (owners and admins see
 * their exact spots). A cell whose post is gone since the layout was made stays a cluster of one.
 */
export function presentLayout(
  layout: Layout,
  cards: ReadonlyMap<string, Card>,
  actor: Presenter,
  origin: LatLng,
): MapResponse {
  const items: MapItem[] = layout.allPoints
    ? layout.pointIds.flatMap((id) => {
        const card = cards.get(id);
        return card ? [point(toPost(card, actor, origin))] : [];
      })
    : layout.cells.map((c) => {
        const card = c.n === 1 ? cards.get(layout.single.get(cellKey(c)) ?? '') : undefined;
        return card ? point(toPost(card, actor, origin)) : cluster(c.n, c.lat, c.lng);
      });
  return response(items, layout.estimated);
}
