/** The public OpenStreetMap tile service (the server's CSP allows it) and its required attribution. */
export const OSM_TILES = {
  url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const;

/** What a map says while its tiles fail to load (osm-tiles.tsx). */
export const TILES_FAILED_TEXT = 'The street map could not load. Check your connection; the pins still work.';
