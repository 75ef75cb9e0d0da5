import 'leaflet/dist/leaflet.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { MapContainer, TileLayer, useMapEvents } from 'react-leaflet';
import type { LeafletEventHandlerFnMap, Map as LeafletMap } from 'leaflet';
import { parseLatLng } from '../../../../domain/geo';
import { bboxParam } from '../../../../domain/map';
import { OSM_TILES } from '../../../lib/osm';
import { useMapPosts, type MapViewport } from '../api/get-map';
import { MapItems } from './map-items';

/**
 * Where the map opens: the viewer's location when the browser shares it, otherwise southern Ontario
 * (Toronto and the cottage regions of the region filter), where the posts are (docs/decisions/0044).
 */
const HOME_AREA = { center: { lat: 44.2, lng: -79.1 }, zoom: 7 } as const;
const NEARBY_ZOOM = 11;

interface MapViewProps {
  /** The API query of the home filters (type, q, status, …, near). */
  query: string;
  onViewDetails: (postId: string) => void;
}

function viewportOf(map: LeafletMap): MapViewport {
  const b = map.getBounds();
  return {
    bbox: bboxParam({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }),
    zoom: Math.round(map.getZoom()),
  };
}

/** Spec §2 map view: post markers and cluster bubbles for the box in view, refetched on every move. */
export function MapView({ query, onViewDetails }: MapViewProps) {
  const [viewport, setViewportState] = useState<MapViewport | null>(null);
  // Leaflet reports a move also when nothing changed (a resize, a popup): keep the same object then.
  const setViewport = useCallback(
    (next: MapViewport) =>
      setViewportState((prev) => (prev && prev.bbox === next.bbox && prev.zoom === next.zoom ? prev : next)),
    [],
  );
  const posts = useMapPosts(query, viewport);
  const [start] = useState(() => {
    const near = parseLatLng(new URLSearchParams(query).get('near'));
    return near ? { center: near, zoom: NEARBY_ZOOM } : HOME_AREA;
  });
  return (
    <section aria-label="Map of posts" className="grid gap-3">
      <p role="status" className="text-sm text-muted-foreground">
        {posts.isError
          ? posts.error.message
          : posts.data
            ? `${posts.data.total} ${posts.data.total === 1 ? 'post' : 'posts'} with a location in this area`
            : 'Loading posts...'}
      </p>
      <div className="h-[65vh] min-h-80 overflow-hidden rounded-2xl border shadow-sm">
        <MapContainer center={start.center} zoom={start.zoom} className="size-full" worldCopyJump>
          <TileLayer url={OSM_TILES.url} attribution={OSM_TILES.attribution} />
          <ViewportWatcher onChange={setViewport} />
          {posts.data && <MapItems items={posts.data.items} onViewDetails={onViewDetails} />}
        </MapContainer>
      </div>
    </section>
  );
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
