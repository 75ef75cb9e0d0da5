// Requests that are new every time: seeded, so two runs send the same sequence and compare.
import { bboxParam, effectiveZoom, gridOf, parseBbox, viewBox } from '../src/domain/map';
import { AMOUNT_FILTERS, POST_TYPES, REGION_FILTERS, STATUS_FILTERS } from '../src/domain/post-values';
import type { LatLng } from '../src/domain/geo';
import { pick, seededRandom, type Random } from '../src/server/modules/demo/generate';
import { PLACES } from '../src/server/modules/demo/places';

/** One request of a scenario whose every request differs: its path, and headers of its own if any. */
export interface NextRequest {
  path: string;
  headers?: Record<string, string>;
}

/** A source of requests, and how often it had to hand out a key again (see Fresh). */
export interface RequestSource {
  next(): NextRequest;
  readonly recycled: number;
}

const METRES_PER_DEGREE = 111_320;
const TOTAL_WEIGHT = PLACES.reduce((sum, p) => sum + p.weight, 0);

/**
 * A point where posts are: a place picked by its share of posts, then a normal offset by its
 * spread, as the generator places a post (src/server/modules/demo/generate.ts). Rounded to 4
 * decimals, as the web sends the viewer's location (viewer-origin.ts).
 */
export function spotWherePostsAre(rng: Random): LatLng {
  let r = rng() * TOTAL_WEIGHT;
  const place = PLACES.find((p) => (r -= p.weight) < 0) ?? PLACES[PLACES.length - 1]!;
  const radius = place.spreadM * Math.sqrt(-2 * Math.log(1 - rng()));
  const angle = 2 * Math.PI * rng();
  const lat = place.lat + (radius * Math.cos(angle)) / METRES_PER_DEGREE;
  const lng =
    place.lng + (radius * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((place.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 1e4) / 1e4, lng: Math.round(lng * 1e4) / 1e4 };
}

/**
 * Draws requests whose cache key (what the server's caches would answer them by) this scenario
 * has not sent yet, so no cache can answer them. When a pool is spent (every draw of `tries` in
 * a row repeats a key: map views at zoom 12 over one metropolis are a few thousand grids), the
 * older half of the keys sent is forgotten and counted in `recycled`: those were sent thousands
 * of requests ago, long out of caches of at most 1,000 entries that keep them 5 to 10 s.
 */
class Fresh {
  private readonly seen = new Set<string>();
  recycled = 0;

  constructor(private readonly tries = 200) {}

  draw<T>(make: () => T, keyOf: (value: T) => string): T {
    for (;;) {
      for (let i = 0; i < this.tries; i++) {
        const value = make();
        const key = keyOf(value);
        if (!this.seen.has(key)) {
          this.seen.add(key);
          return value;
        }
      }
      const older = [...this.seen].slice(0, Math.ceil(this.seen.size / 2));
      for (const key of older) this.seen.delete(key);
      this.recycled += older.length;
    }
  }
}

function source(seed: number, make: (rng: Random) => { path: string; key: string }): RequestSource {
  const rng = seededRandom(seed);
  const fresh = new Fresh();
  return {
    next: () => ({
      path: fresh.draw(
        () => make(rng),
        (r) => r.key,
      ).path,
    }),
    get recycled() {
      return fresh.recycled;
    },
  };
}

const near = (o: LatLng) => `${o.lat},${o.lng}`;
const WIDTH = 1280;
const HEIGHT = 800;

/** The bbox of a 1280×800 view around `centre`, and the grid the server clusters it on (its cache key). */
function mapView(centre: LatLng, zoom: number): { bbox: string; grid: string } {
  const bbox = bboxParam(viewBox(centre, zoom, WIDTH, HEIGHT));
  const box = parseBbox(bbox);
  if ('error' in box) throw new Error(box.error);
  return { bbox, grid: JSON.stringify(gridOf(box, effectiveZoom(box, zoom))) };
}

/** (1), (2): a 1280×800 map view of a random type around a random point where posts are (panning). */
export const mapViews = (seed: number, zoom: number): RequestSource =>
  source(seed, (rng) => {
    const type = pick(rng, POST_TYPES);
    const view = mapView(spotWherePostsAre(rng), zoom);
    return {
      path: `/api/posts/map?type=${type}&zoom=${zoom}&bbox=${view.bbox}`,
      key: `${type}|${view.grid}`,
    };
  });

/** (3): a list of a random type with a real item word and random status, region and amount filters. */
export const filteredLists = (seed: number, words: readonly string[]): RequestSource =>
  source(seed, (rng) => {
    const params = new URLSearchParams({ type: pick(rng, POST_TYPES), q: pick(rng, words) });
    const filters = [
      ['status', pick(rng, STATUS_FILTERS)],
      ['region', pick(rng, REGION_FILTERS)],
      ['amount', pick(rng, AMOUNT_FILTERS)],
    ] as const;
    // 'all' is left out, as the web leaves it out.
    for (const [name, value] of filters) if (value !== 'all') params.set(name, value);
    const path = `/api/posts?${params}`;
    return { path, key: path };
  });

/** (4): the list within 10 miles of a random origin, nearest first. */
export const nearbyLists = (seed: number): RequestSource =>
  source(seed, (rng) => {
    const path = `/api/posts?distance=10miles&near=${near(spotWherePostsAre(rng))}`;
    return { path, key: path };
  });

/** (5), (6): a search within 10 miles of a random origin, on the list or on a 1280×800 map at zoom 12 around it. */
export const searchesNearby = (seed: number, word: string, on: 'list' | 'map'): RequestSource =>
  source(seed, (rng) => {
    const origin = spotWherePostsAre(rng);
    const query = `q=${encodeURIComponent(word)}&distance=10miles&near=${near(origin)}`;
    const path =
      on === 'list'
        ? `/api/posts?${query}`
        : `/api/posts/map?${query}&zoom=12&bbox=${mapView(origin, 12).bbox}`;
    return { path, key: path };
  });

/**
 * Guests, each from an address of their own (X-Forwarded-For, believed from the benchmark's
 * loopback proxy): one address would soon meet the preview limit of 300 calls per 5 minutes.
 */
export function guests(path: string): RequestSource {
  let n = 0;
  return {
    next: () => {
      n += 1;
      return { path, headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } };
    },
    recycled: 0,
  };
}
