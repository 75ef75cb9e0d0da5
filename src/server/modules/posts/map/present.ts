import type { LatLng } from '../../../../domain/geo';
import type { MapResponse, Post } from '../../../../domain/posts';
import type { PostRow, Viewer } from '../present';
import { JsonBytes } from '../present-json';
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
export const response = (items: MapItem[]): MapResponse => ({
  total: items.reduce((total, item) => total + (item.kind === 'cluster' ? item.count : 1), 0),
  items,
});

/** What a layout shows, whoever asks: each item a cluster's JSON, or the row of a post shown alone. */
interface Shown {
  total: number;
  items: Array<Buffer | PostRow>;
}
const shownOf = new WeakMap<Layout, Shown>();

function shown(layout: Layout): Shown {
  let found = shownOf.get(layout);
  if (found) return found;
  const items: Shown['items'] = [];
  let total = 0;
  if (layout.allPoints) {
    items.push(...layout.rows.values());
    total = items.length;
  } else {
    for (const c of layout.cells) {
      const row = c.n === 1 ? layout.rows.get(layout.single.get(cellKey(c)) ?? '') : undefined;
      items.push(row ?? Buffer.from(JSON.stringify(cluster(c.n, c.lat, c.lng))));
      total += row ? 1 : c.n;
    }
  }
  found = { total, items };
  shownOf.set(layout, found);
  return found;
}

/**
 * A layout as the viewer sees it (clusters and the posts alone in their cell; at street level,
 * every post when it holds few), as the UTF-8 bytes of its MapResponse JSON. The clusters and the rows' own fields
 * are encoded once per cached layout; each post's point and distance are written for the viewer
 * (owners and admins see the exact spot; docs/decisions/0050).
 */
export function layoutJson(layout: Layout, viewer: Pick<Viewer, 'userId' | 'sessionId' | 'isAdmin'>, origin: LatLng): Buffer {
  const { total, items } = shown(layout);
  const json = new JsonBytes().text(`{"total":${total},"items":[`);
  items.forEach((item, i) => {
    if (i > 0) json.text(',');
    if (Buffer.isBuffer(item)) json.bytes(item);
    else json.text('{"kind":"point","post":').post(item, viewer, origin).text('}');
  });
  return json.text(']}').toBuffer();
}
