import L from 'leaflet';
import { MARKER_SIZE } from '../../domain/geo';
import { bubbleText } from './count';

/**
 * Map markers drawn as inline SVG (no marker images from a CDN): green for fruit, grey for other
 * types, 25×41 like Leaflet's default pin (spec §9). Only the lazily loaded map chunks import this.
 */
const PIN_COLOURS = { fruit: '#1a7444', other: '#6b7280', picked: '#c2410c' } as const;
export type PinColour = keyof typeof PIN_COLOURS;

const { width: W, height: H } = MARKER_SIZE;

function pinSvg(fill: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 25 41" aria-hidden="true"><path d="M12.5 0C5.6 0 0 5.6 0 12.5c0 9.4 12.5 28.5 12.5 28.5S25 21.9 25 12.5C25 5.6 19.4 0 12.5 0z" fill="${fill}" stroke="#fff" stroke-width="1.5"/><circle cx="12.5" cy="12.5" r="4.5" fill="#fff"/></svg>`;
}

const cache = new Map<PinColour, L.DivIcon>();

export function pinIcon(colour: PinColour): L.DivIcon {
  let icon = cache.get(colour);
  if (!icon) {
    icon = L.divIcon({
      html: pinSvg(PIN_COLOURS[colour]),
      className: 'map-pin',
      iconSize: [W, H],
      iconAnchor: [W / 2, H],
      popupAnchor: [0, -H + 6],
    });
    cache.set(colour, icon);
  }
  return icon;
}

/**
 * A round bubble with the number of posts in a cluster, larger for larger counts, '~' before an
 * estimate; `name` is what screen readers announce for it (the bubble's short count alone says little).
 */
export function clusterIcon(count: number, estimated: boolean, name: string): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56;
  const label = bubbleText(count, estimated);
  return L.divIcon({
    html: `<span class="bubble" aria-hidden="true" style="width:${size}px;height:${size}px">${label}</span><span class="sr-only">${name}</span>`,
    className: 'map-cluster',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
