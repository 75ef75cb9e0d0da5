import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import type { LeafletEventHandlerFnMap, Marker as LeafletMarker } from 'leaflet';
import type { LatLng } from '../../../../../domain/geo';
import { defaultOrigin } from '../../../../lib/default-origin';
import { pinIcon } from '../../../../lib/map-pins';
import { OsmTiles } from '../../../../lib/osm-tiles';

/** Without a pin yet, the picker shows the area around the site's default origin, where most posts are. */
const START_ZOOM = 10;

interface LocationMapProps {
  value: LatLng | null;
  onChange: (point: LatLng) => void;
  pinColour: 'fruit' | 'other';
  /** Changed when a place is picked from the search: the map shows the pin close up. */
  recentre: number;
}

/** A small map in the create form: click or tap to place the pin, drag it to move it (DECISIONS 12). */
export function LocationMap({ value, onChange, pinColour, recentre }: LocationMapProps) {
  const markerEvents = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: (event) => {
        const { lat, lng } = (event.target as LeafletMarker).getLatLng();
        onChange({ lat, lng });
      },
    }),
    [onChange],
  );
  return (
    <MapContainer
      center={value ?? defaultOrigin()}
      zoom={value ? 15 : START_ZOOM}
      scrollWheelZoom={false}
      className="h-56 w-full rounded-lg border border-input sm:h-64"
    >
      <OsmTiles />
      <ClickToPlace onChange={onChange} />
      <FollowValue value={value} recentre={recentre} />
      {value && (
        <Marker
          position={value}
          icon={pinIcon(pinColour)}
          title="The post's pin: drag it to move it"
          draggable
          eventHandlers={markerEvents}
        />
      )}
    </MapContainer>
  );
}

function ClickToPlace({ onChange }: { onChange: (point: LatLng) => void }) {
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({ click: (e) => onChange({ lat: e.latlng.lat, lng: e.latlng.lng }) }),
    [onChange],
  );
  useMapEvents(handlers);
  return null;
}

/** Pans to a point set from outside the map ('Use my location'); close up to a place picked from the search. */
function FollowValue({ value, recentre }: { value: LatLng | null; recentre: number }) {
  const map = useMap();
  const shown = useRef(recentre);
  useEffect(() => {
    if (!value) return;
    const picked = shown.current !== recentre;
    shown.current = recentre;
    if (picked || !map.getBounds().contains(value)) map.setView(value, Math.max(map.getZoom(), 15));
  }, [map, value, recentre]);
  return null;
}
