import { lazyNamed } from '../../lib/lazy';

/** The map feature's public entry: what screens and other features may use of it. */
export { mapKeys, replaceMapPoint } from './api/get-map';

/** The map view, in its own chunk with Leaflet (docs/decisions/0040). */
export const MapView = lazyNamed(() => import('./components/map-view'), 'MapView');
