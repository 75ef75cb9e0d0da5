import { useMemo, useState } from 'react';
import { TileLayer } from 'react-leaflet';
import type { LeafletEventHandlerFnMap } from 'leaflet';
import { OSM_TILES, TILES_FAILED_TEXT } from './osm';

/**
 * The OpenStreetMap tiles of a map, and a note over it while they fail (no network, the service
 * down): a grey map with pins alone would look broken without a word. The note goes once a tile
 * loads again. It lets clicks through, to the map beneath (placing a pin).
 */
export function OsmTiles() {
  const [failing, setFailing] = useState(false);
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({ tileerror: () => setFailing(true), tileload: () => setFailing(false) }),
    [],
  );
  return (
    <>
      <TileLayer url={OSM_TILES.url} attribution={OSM_TILES.attribution} eventHandlers={handlers} />
      <p
        role="status"
        className="pointer-events-none absolute top-2.5 right-2.5 left-14 z-[1000] flex justify-end"
      >
        {failing && (
          <span className="rounded-lg border bg-card px-3 py-2 text-sm text-card-foreground shadow-sm">
            {TILES_FAILED_TEXT}
          </span>
        )}
      </p>
    </>
  );
}
