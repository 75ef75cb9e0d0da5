import { useMemo, useRef } from 'react';
import type { Marker as LeafletMarker } from 'leaflet';
import { Marker, Popup, useMap } from 'react-leaflet';
import type { MapResponse, Post } from '../../../../domain/posts';
import { countOf } from '../../../lib/count';
import { clusterIcon, pinIcon } from '../../../lib/map-pins';
import { PostPopup } from './post-popup';

interface MapItemsProps {
  items: MapResponse['items'];
  /** The response's counts are estimates (a busy circle's rim): the bubbles say so. */
  estimated: boolean;
  /** This viewer's clusters stay coarse (zoom 11 at the finest, docs/decisions/0031): their labels promise no zooming in. */
  gated: boolean;
  onViewDetails: (postId: string) => void;
}

/** The server's clusters (a bubble with the count; a click zooms in) and single posts (a pin with a popup). */
export function MapItems({ items, estimated, gated, onViewDetails }: MapItemsProps) {
  return items.map((item) =>
    item.kind === 'cluster' ? (
      <ClusterMarker
        key={`c:${item.latitude},${item.longitude}`}
        count={item.count}
        lat={item.latitude}
        lng={item.longitude}
        estimated={estimated}
        gated={gated}
      />
    ) : (
      <PostMarker key={item.post.id} post={item.post} onViewDetails={onViewDetails} />
    ),
  );
}

interface ClusterMarkerProps {
  count: number;
  lat: number;
  lng: number;
  estimated: boolean;
  gated: boolean;
}

function ClusterMarker({ count, lat, lng, estimated, gated }: ClusterMarkerProps) {
  const map = useMap();
  const events = useMemo(
    () => ({ click: () => map.setView([lat, lng], Math.min(map.getZoom() + 2, map.getMaxZoom())) }),
    [map, lat, lng],
  );
  const position = useMemo(() => ({ lat, lng }), [lat, lng]);
  const posts = countOf(count, 'post', estimated ? 'estimated' : 'exact');
  const name = gated ? `${posts} around here` : `${posts} here: zoom in`;
  const icon = useMemo(() => clusterIcon(count, estimated, name), [count, estimated, name]);
  return (
    <Marker
      position={position}
      icon={icon}
      title={name}
      eventHandlers={events}
      keyboard
    />
  );
}

/**
 * How far an opened popup keeps from the map's top left corner, where the zoom buttons are (10 px
 * in, 34 px wide, two of 32 px high): a pin near the left edge of a phone's map opened its popup
 * under them, its type and title hidden (0149).
 */
const CLEAR_OF_ZOOM: [number, number] = [52, 84];

function PostMarker({ post, onViewDetails }: { post: Post; onViewDetails: (postId: string) => void }) {
  const map = useMap();
  const marker = useRef<LeafletMarker>(null);
  const { latitude: lat, longitude: lng } = post;
  // A stable position: a new array on every render makes Leaflet move the marker and pan to its popup.
  const position = useMemo(() => (lat === null || lng === null ? null : { lat, lng }), [lat, lng]);
  if (!position) return null;
  return (
    <Marker
      ref={marker}
      position={position}
      icon={pinIcon(post.type === 'fruit' ? 'fruit' : 'other')}
      title={post.title}
      keyboard
    >
      <Popup autoPanPaddingTopLeft={CLEAR_OF_ZOOM}>
        <PostPopup
          post={post}
          onViewDetails={() => onViewDetails(post.id)}
          onClose={() => {
            map.closePopup();
            marker.current?.getElement()?.focus({ preventScroll: true });
          }}
        />
      </Popup>
    </Marker>
  );
}
