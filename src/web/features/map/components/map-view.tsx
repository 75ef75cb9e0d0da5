import 'leaflet/dist/leaflet.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MapContainer, useMap, useMapEvents, type MapContainerProps } from 'react-leaflet';
import type { LeafletEventHandlerFnMap, Map as LeafletMap } from 'leaflet';
import { LoaderCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { parseLatLng } from '../../../../domain/geo';
import { bboxParam } from '../../../../domain/map';
import type { MapResponse } from '../../../../domain/posts';
import { waitMessage } from '../../../lib/api';
import { countOf } from '../../../lib/count';
import { OsmTiles } from '../../../lib/osm-tiles';
import { upperFirst } from '../../../lib/utils';
import { mapOptions, useMapPosts, type MapViewport } from '../api/get-map';
import { closerLook, mapStart, NEARBY_ZOOM, WORLD_VIEWPORT, type MapStart } from '../start-view';
import { MapItems } from './map-items';

/** MapContainer's opening props for a start: a centre and zoom, or a box fitted with room for its markers. */
function openingProps(
  start: MapStart,
): Pick<MapContainerProps, 'center' | 'zoom' | 'bounds' | 'boundsOptions'> {
  if (!('bounds' in start)) return { center: start.center, zoom: start.zoom };
  const { south, west, north, east } = start.bounds;
  return {
    bounds: [
      [south, west],
      [north, east],
    ],
    // Pins stand 41 px above their point and bubbles are about 40 px across: room for both at the edges.
    boundsOptions: { paddingTopLeft: [32, 56], paddingBottomRight: [32, 28], maxZoom: NEARBY_ZOOM },
  };
}

interface MapViewProps {
  /** The API query of the home filters (type, q, status, …, near). */
  query: string;
  /** The viewer has no viewing access: the server sends coarse clusters only (docs/decisions/0031). */
  gated: boolean;
  onViewDetails: (postId: string) => void;
  /** Filters are on: offered when the view holds no post (as the empty list does). */
  onClearFilters?: (() => void) | undefined;
}

/**
 * 'About 120 posts with a location in this area' (an estimate, docs/decisions/0072), '3 posts …';
 * none with filters on names them as a reason, as the empty list does.
 */
const countLine = ({ total, estimated }: MapResponse, filtered: boolean) =>
  total === 0 && filtered
    ? 'No posts in this area match these filters'
    : upperFirst(`${countOf(total, 'post', estimated ? 'estimated' : 'exact')} with a location in this area`);

function viewportOf(map: LeafletMap): MapViewport {
  const b = map.getBounds();
  return {
    bbox: bboxParam({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }),
    zoom: Math.round(map.getZoom()),
  };
}

/** Spec §2 map view: post markers and cluster bubbles for the box in view, refetched on every move. */
export function MapView({ query, gated, onViewDetails, onClearFilters }: MapViewProps) {
  const [viewport, setViewportState] = useState<MapViewport | null>(null);
  // Leaflet reports a move also when nothing changed (a resize, a popup): keep the same object then.
  const setViewport = useCallback(
    (next: MapViewport) =>
      setViewportState((prev) => (prev && prev.bbox === next.bbox && prev.zoom === next.zoom ? prev : next)),
    [],
  );
  const posts = useMapPosts(query, viewport);
  const start = useStart(query);
  // Over the preview limit (429) the server says how long to wait.
  const waitHint = posts.isError ? waitMessage(posts.error.cause) : undefined;
  return (
    <section aria-label="Map of posts" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-3">
        <p role="status" className="text-sm text-muted-foreground">
          {posts.isError
            ? [posts.error.message, waitHint].filter(Boolean).join('. ')
            : posts.data
              ? countLine(posts.data, onClearFilters !== undefined)
              : 'Loading posts...'}
        </p>
        {onClearFilters && posts.data?.total === 0 && (
          <Button variant="link" size="sm" className="h-8 px-0" onClick={onClearFilters}>
            Clear All Filters
          </Button>
        )}
      </div>
      <div className="h-[65vh] min-h-80 overflow-hidden rounded-2xl border shadow-sm">
        {start ? (
          <MapContainer {...openingProps(start)} className="size-full" worldCopyJump>
            <OsmTiles />
            <ViewportWatcher onChange={setViewport} />
            <FollowOrigin near={new URLSearchParams(query).get('near')} />
            {posts.data && (
              <MapItems
                items={posts.data.items}
                estimated={posts.data.estimated}
                gated={gated}
                onViewDetails={onViewDetails}
              />
            )}
          </MapContainer>
        ) : (
          <div className="grid size-full place-items-center bg-muted text-muted-foreground">
            <span className="flex items-center gap-2">
              <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
              Loading map...
            </span>
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The opening view, decided once (docs/decisions/0044): the viewer's location when the browser
 * shares it, else the box of the posts matching the filters, from one world-wide call at a low
 * zoom and, when that answers with clusters, one closer call on their box; else spec §9's
 * default. Null while those calls are under way.
 */
function useStart(query: string): MapStart | null {
  const near = parseLatLng(new URLSearchParams(query).get('near'));
  const [start, setStart] = useState<MapStart | null>(() => (near ? mapStart(near, undefined) : null));
  const deciding = start === null && near === null;
  const world = useQuery({ ...mapOptions(query, WORLD_VIEWPORT), enabled: deciding });
  const closer = world.data ? closerLook(world.data) : null;
  // Its own answer only: not the world answer kept as a placeholder while it loads.
  const look = useQuery({
    ...mapOptions(query, closer ?? WORLD_VIEWPORT),
    enabled: deciding && closer !== null,
    placeholderData: undefined,
  });
  const worldAnswer = world.data && { viewport: WORLD_VIEWPORT, response: world.data };
  // The closer answer when one was asked for; if that call failed, the world answer's looser box
  // still shows every post.
  const answer = !closer ? worldAnswer : look.data ? { viewport: closer, response: look.data } : look.isError ? worldAnswer : undefined;
  if (start === null && (near || world.isError || answer)) setStart(mapStart(near, answer));
  return start;
}

/** Reports the box in view once the map is ready and after every pan or zoom. */
function ViewportWatcher({ onChange }: { onChange: (viewport: MapViewport) => void }) {
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({ moveend: (e) => onChange(viewportOf(e.target as LeafletMap)) }),
    [onChange],
  );
  const map = useMapEvents(handlers);
  useEffect(() => onChange(viewportOf(map)), [map, onChange]);
  return null;
}

/**
 * Where distances are measured from changed after the map opened (a place picked, the location
 * found): the map goes there, at least as close as a nearby view.
 */
function FollowOrigin({ near }: { near: string | null }) {
  const map = useMap();
  const opened = useRef(near);
  useEffect(() => {
    if (near === opened.current) return;
    opened.current = near;
    const point = parseLatLng(near);
    if (point) map.setView(point, Math.max(map.getZoom(), NEARBY_ZOOM));
  }, [map, near]);
  return null;
}
