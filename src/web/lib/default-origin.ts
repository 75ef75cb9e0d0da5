import { HOME_ORIGIN, parseLatLng, type NamedPlace } from '../../domain/geo';
import { ORIGIN_META, ORIGIN_NAME_MARK, ORIGIN_NAME_META } from '../../domain/pages';

/**
 * Where distances are measured from when the viewer gives no place (docs/decisions/0121): the
 * server's DEFAULT_ORIGIN and its name, from the page's head. The prerender runs before any server
 * and names it with the mark the server replaces; a page without the tags (Vite's, under
 * `npm run dev`) has the server's default, downtown Toronto.
 */
export function defaultOrigin(): NamedPlace {
  if (typeof document === 'undefined') return { ...HOME_ORIGIN, name: ORIGIN_NAME_MARK };
  const content = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  const point = parseLatLng(content(ORIGIN_META));
  const name = content(ORIGIN_NAME_META)?.trim();
  return point && name ? { ...point, name } : HOME_ORIGIN;
}
